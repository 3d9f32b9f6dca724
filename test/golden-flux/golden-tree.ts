import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Golden layout trees through the real CLI. Each folder under `casesDir` is a case: app.yaml,
// cluster.yaml (--profile) when present, a kurel config beside app.yaml when the layout reads one,
// args (the layout flags, one per line), and the expectation: expected/ (every file `kurel build -o
// DIR` writes, byte for byte) and expected-explain.txt (what `kurel explain --layout` prints). Every
// tree is then handed to `check` with the plan `explain --json` gives and `kurel build`'s stream.
// UPDATE_GOLDEN=1 rewrites the expectations.

export interface GoldenTrees<Plan> {
  casesDir: string;
  title: string;
  check: (out: string, plan: Plan, buildStdout: string) => void;
}

const repo = fileURLToPath(new URL('../../', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';
const MANIFEST = '.kurel-output.json';

function kurel(args: string[]) {
  const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return result;
}

function inputArgs(casesDir: string, name: string): string[] {
  const rel = `${casesDir}/${name}`;
  return [`${rel}/app.yaml`, ...(existsSync(join(repo, rel, 'cluster.yaml')) ? ['--profile', `${rel}/cluster.yaml`] : [])];
}

function layoutArgs(casesDir: string, name: string): string[] {
  return readFileSync(join(repo, casesDir, name, 'args'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Every file under `root`, by relative path, sorted. */
export function readTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path, 'utf8'));
    }
  };
  if (existsSync(root)) walk(root);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function describeGoldenTrees<Plan>(options: GoldenTrees<Plan>): void {
  const { casesDir, title, check } = options;
  const cases = readdirSync(join(repo, casesDir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const scratch = mkdtempSync(join(tmpdir(), 'kurel-golden-tree-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  describe(title, () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));

  for (const name of cases) {
    it(name, () => {
      const out = join(scratch, name);
      const built = kurel(['build', ...inputArgs(casesDir, name), ...layoutArgs(casesDir, name), '-o', out]);
      expect(built.stderr).toMatch(/(^|\n)wrote \d+ files to \S+\n$/);
      expect(built.status).toBe(0);
      const tree = readTree(out);
      // The writer's own record of what it wrote is no part of the tree the delivery tool reads.
      for (const path of [...tree.keys()]) if (path.endsWith(MANIFEST)) tree.delete(path);
      const explain = kurel(['explain', ...inputArgs(casesDir, name), ...layoutArgs(casesDir, name)]);
      expect(explain.status, explain.stderr).toBe(0);

      const expectedDir = join(repo, casesDir, name, 'expected');
      const expectedExplain = join(repo, casesDir, name, 'expected-explain.txt');
      if (update) {
        rmSync(expectedDir, { recursive: true, force: true });
        for (const [path, content] of tree) {
          mkdirSync(dirname(join(expectedDir, path)), { recursive: true });
          writeFileSync(join(expectedDir, path), content);
        }
        writeFileSync(expectedExplain, explain.stdout);
      }
      const expected = readTree(expectedDir);
      expect([...tree.keys()]).toEqual([...expected.keys()]);
      for (const [path, content] of expected) expect(tree.get(path), path).toBe(content);
      expect(explain.stdout).toBe(readFileSync(expectedExplain, 'utf8'));

      const stdout = kurel(['build', ...inputArgs(casesDir, name)]);
      expect(stdout.status, stdout.stderr).toBe(0);
      const plan = JSON.parse(kurel(['explain', ...inputArgs(casesDir, name), ...layoutArgs(casesDir, name), '--json']).stdout) as Plan;
      check(out, plan, stdout.stdout);
    });
  }
  });
}
