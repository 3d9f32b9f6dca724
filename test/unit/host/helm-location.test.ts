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
    expect(locateHelm(flagged, { KUREL_HELM: named, PATH: dir })).toBe(flagged);
    expect(locateHelm(undefined, { KUREL_HELM: named, PATH: dir })).toBe(named);
    expect(locateHelm(undefined, { PATH: `/nonexistent:${dir}` })).toBe(onPath);
  });

  it('finds a bare name given in KUREL_HELM on PATH', () => {
    expect(locateHelm(undefined, { KUREL_HELM: 'helm-4', PATH: dir })).toBe(named);
  });

  it('is none when the named file does not exist or nothing is on PATH', () => {
    expect(locateHelm(join(dir, 'missing'), { PATH: dir })).toBeUndefined();
    expect(locateHelm(undefined, { PATH: '/nonexistent' })).toBeUndefined();
  });
});

describe('the chart cache', () => {
  it('is $KUREL_CACHE_DIR/charts, else $XDG_CACHE_HOME/kurel/charts, else ~/.cache/kurel/charts', () => {
    expect(chartCacheDir({ KUREL_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x' })).toBe('/c/charts');
    expect(chartCacheDir({ XDG_CACHE_HOME: '/x' })).toBe('/x/kurel/charts');
    expect(chartCacheDir({})).toBe(join(homedir(), '.cache', 'kurel', 'charts'));
  });
});
