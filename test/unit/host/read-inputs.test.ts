import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { locateApplication, readBuildInput, type BuildRequest } from '../../../src/host/inputs/read-inputs.js';
import { DEFAULT_INPUT_LIMITS } from '../../../src/engine/yaml/input-limits.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-inputs-'));
  writeFileSync(join(dir, 'app.yaml'), 'kind: Application\n');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function request(extra: Partial<BuildRequest> = {}): BuildRequest {
  return { target: join(dir, 'app.yaml'), sets: [], capabilityDefinitions: [], strictCapabilities: false, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' }, ...extra };
}

function refusal(fn: () => unknown): KurelError {
  try {
    fn();
  } catch (error) {
    if (error instanceof KurelError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('locateApplication', () => {
  it('takes a folder as the package holding app.yaml, and a file as the application', () => {
    expect(locateApplication(dir)).toEqual({ appFile: join(dir, 'app.yaml'), appDir: dir });
    expect(locateApplication(join(dir, 'app.yaml'))).toEqual({ appFile: join(dir, 'app.yaml'), appDir: dir });
  });

  it('refuses a path that does not exist', () => {
    const missing = join(dir, 'nope.yaml');
    const error = refusal(() => locateApplication(missing));
    expect(error.diagnostics[0].message).toBe(`accessing "${missing}": no such file or directory`);
    expect(error.code).toBe('KUREL_INPUT');
  });
});

describe('readBuildInput', () => {
  it('reads a plain application: no package, no values', () => {
    const input = readBuildInput(request());
    expect(input.application).toEqual({ file: join(dir, 'app.yaml'), text: 'kind: Application\n', limits: DEFAULT_INPUT_LIMITS });
    expect(input.package).toBeUndefined();
    expect(input.profile).toBeUndefined();
    expect(input.capabilityDefinitions).toEqual([]);
  });

  it('switches to package mode when kurel.yaml sits beside app.yaml', () => {
    writeFileSync(join(dir, 'kurel.yaml'), 'kind: Package\n');
    writeFileSync(join(dir, 'values.yaml'), 'image: a\n');
    const input = readBuildInput(request({ target: dir, values: [join(dir, 'values.yaml')], sets: ['x=1'] }));
    expect(input.package?.text).toBe('kind: Package\n');
    expect(input.values?.map((file) => file.text)).toEqual(['image: a\n']);
    expect(input.sets).toEqual(['x=1']);
  });

  it('reads values.yaml beside kurel.yaml first, then each --values file in order', () => {
    writeFileSync(join(dir, 'kurel.yaml'), 'kind: Package\n');
    writeFileSync(join(dir, 'values.yaml'), 'own: 1\n');
    writeFileSync(join(dir, 'prod.yaml'), 'prod: 1\n');
    writeFileSync(join(dir, 'eu.yaml'), 'eu: 1\n');
    expect(readBuildInput(request({ target: dir })).values?.map((file) => file.text)).toEqual(['own: 1\n']);
    const layered = readBuildInput(request({ target: dir, values: [join(dir, 'prod.yaml'), join(dir, 'eu.yaml')] }));
    expect(layered.values?.map((file) => file.text)).toEqual(['own: 1\n', 'prod: 1\n', 'eu: 1\n']);
    const named = readBuildInput(request({ target: dir, values: [join(dir, 'prod.yaml'), join(dir, 'values.yaml')] }));
    expect(named.values?.map((file) => file.text)).toEqual(['prod: 1\n', 'own: 1\n']);
  });

  it('leaves values.yaml alone without kurel.yaml', () => {
    writeFileSync(join(dir, 'values.yaml'), 'own: 1\n');
    expect(readBuildInput(request({ target: dir })).values).toEqual([]);
  });

  it('refuses --values or --set without kurel.yaml', () => {
    const values = refusal(() => readBuildInput(request({ values: [join(dir, 'values.yaml')] })));
    expect(values.diagnostics[0].message).toBe(`--values and --set require a kurel.yaml package descriptor in "${dir}"`);
    expect(refusal(() => readBuildInput(request({ sets: ['a=b'] }))).diagnostics[0].message).toBe(`--values and --set require a kurel.yaml package descriptor in "${dir}"`);
  });

  it('names the file it cannot read and what it is', () => {
    const profile = join(dir, 'cluster.yaml');
    expect(refusal(() => readBuildInput(request({ profile }))).diagnostics[0].message).toBe(`reading profile file "${profile}": no such file or directory`);
    rmSync(join(dir, 'app.yaml'));
    mkdirSync(join(dir, 'app.yaml'));
    expect(refusal(() => readBuildInput(request({ target: dir }))).diagnostics[0].message).toBe(`reading application file "${join(dir, 'app.yaml')}": is a directory`);
  });

  it('reads --capability-def files, then every yaml of definitions/ in name order', () => {
    mkdirSync(join(dir, 'definitions'));
    writeFileSync(join(dir, 'definitions', 'b.yaml'), 'b\n');
    writeFileSync(join(dir, 'definitions', 'a.yml'), 'a\n');
    writeFileSync(join(dir, 'definitions', 'notes.txt'), 'skip\n');
    writeFileSync(join(dir, 'extra.yaml'), 'extra\n');
    const input = readBuildInput(request({ capabilityDefinitions: [join(dir, 'extra.yaml')] }));
    expect(input.capabilityDefinitions?.map((file) => file.text)).toEqual(['extra\n', 'a\n', 'b\n']);
  });
});
