import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateHelm } from '../../../src/host/charts/helm-binary.js';
import { chartCacheDir } from '../../../src/host/charts/render.js';

// Where the host looks for helm and keeps pulled charts.

const dir = mkdtempSync(join(tmpdir(), 'kurel-helm-location-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const executable = (name: string) => {
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
};

describe('the helm binary', () => {
  const onPath = executable('helm');
  const named = executable('helm-4');
  const flagged = executable('helm-flag');

  it('is the flag, else KUREL_HELM, else helm on PATH', () => {
    expect(locateHelm(flagged, { KUREL_HELM: named, PATH: dir })).toEqual({ path: flagged });
    expect(locateHelm(undefined, { KUREL_HELM: named, PATH: dir })).toEqual({ path: named });
    expect(locateHelm(undefined, { PATH: `/nonexistent:${dir}` })).toEqual({ path: onPath });
  });

  it('finds a bare name given in KUREL_HELM on PATH', () => {
    expect(locateHelm(undefined, { KUREL_HELM: 'helm-4', PATH: dir })).toEqual({ path: named });
  });

  it('says what is wrong with a binary the user named, rather than asking to install Helm', () => {
    const missing = join(dir, 'missing');
    expect(locateHelm(missing, { PATH: dir })).toEqual({ problem: `--helm-bin ${missing}: no such file` });
    expect(locateHelm(undefined, { KUREL_HELM: missing, PATH: dir })).toEqual({ problem: `KUREL_HELM=${missing}: no such file` });
    expect(locateHelm(dir, { PATH: dir })).toEqual({ problem: `--helm-bin ${dir}: is a folder, not the helm binary` });
    const plain = join(dir, 'plain');
    writeFileSync(plain, '');
    expect(locateHelm(plain, { PATH: dir })).toEqual({ problem: `--helm-bin ${plain}: is not executable (chmod +x it)` });
    expect(locateHelm('helm-9', { PATH: dir })).toEqual({ problem: '--helm-bin helm-9: no executable "helm-9" on PATH' });
  });

  it('asks to install Helm when nothing was named and none is on PATH', () => {
    expect(locateHelm(undefined, { PATH: '/nonexistent' })).toEqual({ problem: expect.stringMatching(/^none was found; install Helm 3\.8 or later/) });
  });
});

describe('the chart cache', () => {
  it('is $KUREL_CACHE_DIR/charts, else $XDG_CACHE_HOME/kurel/charts, else ~/.cache/kurel/charts', () => {
    expect(chartCacheDir({ KUREL_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x' })).toBe('/c/charts');
    expect(chartCacheDir({ XDG_CACHE_HOME: '/x' })).toBe('/x/kurel/charts');
    expect(chartCacheDir({})).toBe(join(homedir(), '.cache', 'kurel', 'charts'));
  });
});
