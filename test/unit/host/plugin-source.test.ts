import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isKurelError } from '../../../src/plugin-api/index.js';
import { loadPlugin } from '../../../src/host/plugins/source.js';

let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function refusal(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    if (isKurelError(error)) return error.diagnostics[0];
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('loadPlugin refusals', () => {
  it('refuses a specifier it cannot resolve, naming the plugin', async () => {
    dir = mkdtempSync(join(tmpdir(), 'kurel-plugin-source-'));
    const diagnostic = await refusal(() => loadPlugin('@org/kurel-plugin-absent', dir!, false));
    expect(diagnostic).toMatchObject({ code: 'KUREL_PLUGIN_LOAD', plugin: '@org/kurel-plugin-absent' });
    expect(diagnostic.message).toMatch(/^plugin "@org\/kurel-plugin-absent" could not be resolved from /);
  });

  it('refuses a module that throws while loading, with its cause', async () => {
    dir = mkdtempSync(join(tmpdir(), 'kurel-plugin-source-'));
    writeFileSync(join(dir, 'broken.mjs'), "throw new Error('the license server is unreachable');\n");
    const diagnostic = await refusal(() => loadPlugin('./broken.mjs', dir!, false));
    expect(diagnostic).toMatchObject({ code: 'KUREL_PLUGIN_LOAD', message: 'plugin "./broken.mjs" failed to load: the license server is unreachable' });
  });
});
