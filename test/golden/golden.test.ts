import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// Golden cases drive the real CLI, as the reference's fixture harness does. Each folder under
// test/golden/ is a case: app.yaml, and optionally cluster.yaml (--profile), kurel.yaml +
// values.yaml (--values), args (extra CLI arguments, one per line), and the expectation:
// expected.yaml (exit 0, stdout byte for byte, nothing on stderr) or expected-error.txt
// (exit 1, stderr byte for byte). Paths are relative to the repository root, which is the
// working directory, so error texts are stable. UPDATE_GOLDEN=1 rewrites the expectations.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const goldenDir = 'test/golden';
const update = process.env.UPDATE_GOLDEN === '1';

const cases = readdirSync(join(repo, goldenDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function argsOf(caseDir: string): string[] {
  const rel = `${goldenDir}/${caseDir}`;
  const args = ['bin/kurel', 'build', `${rel}/app.yaml`];
  if (existsSync(join(repo, rel, 'cluster.yaml'))) args.push('--profile', `${rel}/cluster.yaml`);
  if (existsSync(join(repo, rel, 'values.yaml'))) args.push('--values', `${rel}/values.yaml`);
  const extra = join(repo, rel, 'args');
  if (existsSync(extra)) {
    args.push(
      ...readFileSync(extra, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#')),
    );
  }
  return args;
}

beforeAll(() => {
  if (!existsSync(join(repo, 'dist/src/commands/build.js'))) throw new Error('dist/ is missing: run `npm run build` before the golden tests');
});

describe('golden cases (kurel build)', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const name of cases) {
    it(name, () => {
      const dir = join(repo, goldenDir, name);
      const result = spawnSync(process.execPath, argsOf(name), { cwd: repo, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
      if (result.error) throw result.error;
      const expectedYaml = join(dir, 'expected.yaml');
      const expectedError = join(dir, 'expected-error.txt');

      if (update) {
        if (result.status === 0) {
          writeFileSync(expectedYaml, result.stdout);
          rmSync(expectedError, { force: true });
        } else {
          writeFileSync(expectedError, result.stderr);
          rmSync(expectedYaml, { force: true });
        }
        return;
      }

      if (existsSync(expectedError)) {
        expect(result.status, result.stdout).toBe(1);
        expect(result.stderr).toBe(readFileSync(expectedError, 'utf8'));
        expect(result.stdout).toBe('');
      } else {
        expect(existsSync(expectedYaml), `${name} has neither expected.yaml nor expected-error.txt`).toBe(true);
        expect(result.status, result.stderr).toBe(0);
        expect(result.stdout).toBe(readFileSync(expectedYaml, 'utf8'));
        expect(result.stderr).toBe('');
      }
    });
  }
});
