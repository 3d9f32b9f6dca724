import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from './support.js';

// kurel diff <app|package-dir> --against <folder|git revision>: a unified diff per object, moved
// objects named, exit 0 when the same and 1 when they differ.

const scratch = scratchFolder('kurel-diff-');
const run = (...args: string[]) => kurelIn(scratch.dir, args);
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

  it('refuses what is neither a folder nor a revision', () => {
    const result = run('diff', 'pkg', '--against', 'no-such-thing');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: --against no-such-thing: neither a folder nor a git revision of the repository holding "pkg"\n');
  });
});
