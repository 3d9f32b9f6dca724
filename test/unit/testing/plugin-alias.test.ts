import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importDefault } from '../../../src/host/plugins/module-loader.js';

// A TypeScript plugin the host loads is given the host's own kurel/plugin-api/testing: the
// engine-backed tester, whatever its folder could resolve.
const folder = mkdtempSync(join(tmpdir(), 'kurel-testing-alias-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('kurel/plugin-api/testing in a loaded plugin', () => {
  it('is the engine-backed HandlerTester, with its policy runner', async () => {
    const file = join(folder, 'probe.ts');
    writeFileSync(file, "import { HandlerTester } from 'kurel/plugin-api/testing';\nexport default { runPolicy: typeof HandlerTester.prototype.runPolicy, build: typeof HandlerTester.prototype.build };\n");
    expect(await importDefault(file)).toEqual({ runPolicy: 'function', build: 'function' });
  });
});
