import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^kurel\/plugin-api\/testing$/, replacement: here('./src/plugin-api/testing/index.ts') },
      { find: /^kurel\/plugin-api$/, replacement: here('./src/plugin-api/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'plugins/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
