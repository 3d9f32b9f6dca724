import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `kurel explain` pinned by golden files: each folder here is a case (README.md).

const repo = fileURLToPath(new URL('../../', import.meta.url));
const casesDir = 'test/golden-explain';
const update = process.env.UPDATE_GOLDEN === '1';

const cases = readdirSync(join(repo, casesDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function argsOf(name: string): string[] {
  const rel = `${casesDir}/${name}`;
  const extra = join(repo, rel, 'args');
  const args = existsSync(extra) ? readFileSync(extra, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#')) : [];
  return ['bin/kurel', 'explain', `${rel}/app.yaml`, ...args.flatMap((line) => line.split(/\s+/))];
}

describe('golden cases (kurel explain)', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const name of cases) {
    it(name, () => {
      const result = spawnSync(process.execPath, argsOf(name), { cwd: repo, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
      if (result.error) throw result.error;
      const expected = join(repo, casesDir, name, 'expected.txt');
      if (update) {
        writeFileSync(expected, result.stdout);
        return;
      }
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(readFileSync(expected, 'utf8'));
    });
  }
});
