import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentWithout, kurelIn, repo, scratchFolder } from './support.js';

// kurel diff <app|package-dir> --against <folder|git revision>: a unified diff per object, moved
// objects named; exit 0 when the same, 1 when they differ, 2 for any error, as diff(1).

const scratch = scratchFolder('kurel-diff-');
const run = (...args: string[]) => kurelIn(scratch.dir, args);
/** The CLI with `env` for its whole environment, stdout a pipe. */
const runWith = (env: NodeJS.ProcessEnv, ...args: string[]) => spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd: scratch.dir, encoding: 'utf8', env, timeout: 60_000 });
const ESCAPE = '\u001b[';
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd: scratch.dir, encoding: 'utf8' });

function setReplicas(count: number): void {
  const file = join(scratch.dir, 'pkg', 'app.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/replicas: \d+/, `replicas: ${count}`));
}

describe('kurel diff', () => {
  it('compares with an earlier build -o folder: exit 0 when the same, 1 with a unified diff when not', () => {
    cpSync(join(repo, 'examples/webservice'), join(scratch.dir, 'pkg'), { recursive: true });
    expect(run('build', 'pkg', '-o', 'out').status).toBe(0);
    const same = run('diff', 'pkg', '--against', 'out');
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toBe('');
    setReplicas(5);
    const changed = run('diff', 'pkg', '--against', 'out');
    expect(changed.status, changed.stderr).toBe(1);
    expect(changed.stdout).toMatch(/^--- out\/Deployment\/shop\/storefront\n\+\+\+ pkg\/Deployment\/shop\/storefront\n@@ /);
    expect(changed.stdout).toContain('\n-  replicas: 2\n+  replicas: 5\n');
    setReplicas(2);
  });

  it('reports objects that moved in the stream', () => {
    const file = join(scratch.dir, 'out', 'shop.yaml');
    const documents = readFileSync(file, 'utf8').split('\n---\n');
    writeFileSync(file, [documents[1], documents[0], ...documents.slice(2)].join('\n---\n'));
    const result = run('diff', 'pkg', '--against', 'out');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('moved Deployment/shop/storefront: position 2 -> 1\n');
  });

  it('compares with the package built at a git revision', () => {
    git('init', '-q', '.');
    git('add', 'pkg');
    git('commit', '-q', '-m', 'two replicas');
    expect(run('diff', 'pkg', '--against', 'HEAD').status).toBe(0);
    setReplicas(4);
    const changed = run('diff', 'pkg/app.yaml', '--against', 'HEAD');
    expect(changed.status, changed.stderr).toBe(1);
    expect(changed.stdout).toContain('--- HEAD/Deployment/shop/storefront\n');
    expect(changed.stdout).toContain('\n-  replicas: 2\n+  replicas: 4\n');
    expect(git('status', '--porcelain', 'pkg')).toBe(' M pkg/app.yaml\n');
  });

  it('prints one JSON document with --format json', () => {
    setReplicas(5);
    try {
      const result = run('diff', 'pkg', '--against', 'HEAD', '--format', 'json');
      expect(result.status, result.stderr).toBe(1);
      const document = JSON.parse(result.stdout);
      expect(document).toMatchObject({ same: false, moved: [] });
      expect(document.objects).toHaveLength(1);
      expect(document.objects[0]).toMatchObject({ object: 'Deployment/shop/storefront', status: 'changed' });
      expect(document.objects[0].patch).toContain('\n-  replicas: 2\n+  replicas: 5\n');
    } finally {
      setReplicas(2);
    }
    const same = run('diff', 'pkg', '--against', 'HEAD', '--format', 'json');
    expect(same.status, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toEqual({ same: true, objects: [], moved: [] });
  });

  it('colours the diff on a terminal only, and never under NO_COLOR', () => {
    setReplicas(5);
    try {
      const plain = environmentWithout(['FORCE_COLOR', 'NO_COLOR']);
      const piped = runWith(plain, 'diff', 'pkg', '--against', 'HEAD');
      expect(piped.status).toBe(1);
      expect(piped.stdout).toContain('-  replicas: 2\n');
      expect(piped.stdout).not.toContain(ESCAPE);
      // chalk's own rule: FORCE_COLOR colours a pipe, and NO_COLOR wins over it.
      const forced = runWith({ ...plain, FORCE_COLOR: '1' }, 'diff', 'pkg', '--against', 'HEAD');
      expect(forced.stdout).toContain(`${ESCAPE}31m-  replicas: 2${ESCAPE}39m\n${ESCAPE}32m+  replicas: 5${ESCAPE}39m\n`);
      expect(forced.stdout).toMatch(new RegExp(`\u001b\\[36m@@ -\\d`));
      const refused = runWith({ ...plain, FORCE_COLOR: '1', NO_COLOR: '1' }, 'diff', 'pkg', '--against', 'HEAD');
      expect(refused.stdout).toContain('-  replicas: 2\n');
      expect(refused.stdout).not.toContain(ESCAPE);
      // A terminal: script(1) runs the CLI on a pseudo-terminal and copies what it printed. Its
      // environment is a desk's, not a CI runner's: chalk reads CI=true as "no colour" (a
      // runner's log is not a terminal), and the CI that runs these tests sets it.
      const command = `${process.execPath} ${join(repo, 'bin/kurel')} diff pkg --against HEAD`;
      const desk = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? scratch.dir, TERM: 'xterm' };
      const terminal = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: scratch.dir, encoding: 'utf8', env: desk });
      expect(terminal.stdout).toContain(`${ESCAPE}31m-  replicas: 2${ESCAPE}39m`);
      const quiet = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: scratch.dir, encoding: 'utf8', env: { ...desk, NO_COLOR: '1' } });
      expect(quiet.stdout).toContain('-  replicas: 2');
      expect(quiet.stdout).not.toContain(ESCAPE);
    } finally {
      setReplicas(2);
    }
  });

  it('exits 2 for every error, never 1, which says they differ', () => {
    const refusals: [string[], string][] = [
      [['diff', 'pkg', '--against', 'no-such-thing'], 'Error: --against no-such-thing: neither a folder nor a git revision of the repository holding "pkg"\n'],
      [['diff', 'pkg'], 'Missing required flag against'],
      [['diff', 'pkg', '--against', 'out', '--bogus'], 'Nonexistent flag: --bogus'],
      [['diff', 'pkg', '--bogus', '--against', 'out'], 'Nonexistent flag: --bogus'],
      [['diff', 'pkg', '--against', 'out', '--format', 'yaml'], 'Expected --format=yaml to be one of: text, json'],
      [['diff', 'pkg', '--against', 'out', '--placement', 'per-layout'], 'All of the following must be provided when using --placement: --layout'],
      [['diff', 'no-such-package', '--against', 'out'], 'no-such-package'],
      [['diff', 'typo', '--against', 'out'], 'Error: typo/app.yaml:11:7 spec.components[0].type: invalid value "webservise" for "type" in "storefront"; did you mean "webservice"?\n'],
      [['diff', 'pkg', '--against', 'out', '--set', 'replicas'], '--set'],
      [['diff', 'pkg', '--against', 'unreadable'], 'unreadable/broken.yaml'],
      [['diff', 'pkg', '--against', 'HEAD', '--layout', 'flux', '--cluster-dir', '..'], '--cluster-dir'],
    ];
    // A misspelt type in the input: the build fails, which is an error, not a difference.
    cpSync(join(scratch.dir, 'pkg'), join(scratch.dir, 'typo'), { recursive: true });
    const typo = join(scratch.dir, 'typo', 'app.yaml');
    writeFileSync(typo, readFileSync(typo, 'utf8').replace('type: webservice', 'type: webservise'));
    mkdirSync(join(scratch.dir, 'unreadable'), { recursive: true });
    writeFileSync(join(scratch.dir, 'unreadable', 'broken.yaml'), 'kind: [unclosed\n');
    for (const [args, message] of refusals) {
      const result = run(...args);
      expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(message);
    }
  });

  it('leaves the other commands exiting 1 on an error', () => {
    expect(run('build', 'pkg', '--bogus').status).toBe(1);
    expect(run('build', 'no-such-package').status).toBe(1);
  });
});
