import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The reference material beside the checkout (`../shared`, or further up from a worktree); '' when absent. */
function findShared(): string {
  for (let folder = here('.'); folder !== dirname(folder); folder = dirname(folder)) {
    if (existsSync(join(folder, 'shared/conformance/cases'))) return join(folder, 'shared');
  }
  return '';
}

const shared = findShared();
const referenceTests = 'test/reference/**/*.test.ts';
// Vitest evaluates this file once for the run and once more for the projects that extend it: say it once.
const notice = Symbol.for('kurel.reference-project-notice');
if (shared === '' && !(globalThis as Record<symbol, unknown>)[notice]) {
  (globalThis as Record<symbol, unknown>)[notice] = true;
  console.log(`reference project skipped: it reads the reference's examples and conformance cases from a shared/ folder beside the checkout, and there is none above ${here('.')}`);
}

export default defineConfig({
  resolve: {
    alias: [
      { find: /^kurel\/plugin-api\/testing$/, replacement: here('./src/testing/index.ts') },
      { find: /^kurel\/plugin-api$/, replacement: here('./src/plugin-api/index.ts') },
      { find: /^kurel\/plugin-kit$/, replacement: here('./src/plugin-api/kit/index.ts') },
    ],
  },
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'kurel', include: ['test/**/*.test.ts', 'plugins/**/*.test.ts'], exclude: [referenceTests] } },
      // Tests that read ../shared: a project of their own, present only when the material is.
      ...(shared === '' ? [] : [{ extends: true as const, test: { name: 'reference', include: [referenceTests], env: { KUREL_SHARED: shared } } }]),
    ],
  },
});
