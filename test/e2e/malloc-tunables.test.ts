import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { environmentWithout, fakeNodeFolder, repo, scratchFolder, writeEnvironmentPlugin } from './support.js';

// GLIBC_TUNABLES: where the user set none, bin/kurel's lines for sh start Node with glibc's
// allocator set to serve its blocks in 2 MiB pages (fewer first touches of memory, each a page
// fault), and kurel takes the setting out of the environment it hands on.

const KUREL_TUNABLES = 'glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.top_pad=4194304';
const scratch = scratchFolder('kurel-tunables-');
const bin = join(repo, 'bin/kurel');

/** The environment without GLIBC_TUNABLES, kurel's mark and NODE_OPTIONS, with `extra` set. */
const environment = (extra: NodeJS.ProcessEnv = {}) => environmentWithout(['GLIBC_TUNABLES', 'KUREL_MALLOC_TUNABLES', 'NODE_OPTIONS'], extra);

const run = (args: string[], env: NodeJS.ProcessEnv) => spawnSync(bin, args, { cwd: scratch.dir, env, encoding: 'utf8', timeout: 60_000 });

describe("bin/kurel's lines for sh", () => {
  /** PATH led by a `node` that prints the two names this is about, and its arguments. */
  const fakeNode = () => `${fakeNodeFolder(scratch.dir, { tunables: 'GLIBC_TUNABLES', mark: 'KUREL_MALLOC_TUNABLES' })}:${process.env.PATH}`;

  it("start Node with glibc's allocator set, and a mark saying kurel set it, where the user set nothing", () => {
    const result = run(['build', 'app.yaml'], environment({ PATH: fakeNode() }));
    expect(result.stdout).toBe(`tunables=${KUREL_TUNABLES}\nmark=1\narg=${bin}\narg=build\narg=app.yaml\n`);
  });

  it("leave the user's own setting as it is, an empty one too, and mark nothing", () => {
    const own = run(['--version'], environment({ PATH: fakeNode(), GLIBC_TUNABLES: 'glibc.malloc.check=0' }));
    expect(own.stdout).toBe(`tunables=glibc.malloc.check=0\nmark=unset\narg=${bin}\narg=--version\n`);
    const empty = run(['--version'], environment({ PATH: fakeNode(), GLIBC_TUNABLES: '' }));
    expect(empty.stdout).toBe(`tunables=\nmark=unset\narg=${bin}\narg=--version\n`);
  });
});

describe('the environment kurel hands on', () => {
  /** A plugin whose component is a ConfigMap of what the environment holds, built through sh. */
  function buildSeenEnvironment(env: NodeJS.ProcessEnv): { status: number | null; stderr: string; seen: unknown[] } {
    writeEnvironmentPlugin(scratch.dir, { tunables: 'GLIBC_TUNABLES', mark: 'KUREL_MALLOC_TUNABLES' });
    const result = run(['build', 'env.yaml'], env);
    return { status: result.status, stderr: result.stderr, seen: parseAllDocuments(result.stdout).map((document) => document.toJS().data) };
  }

  it('holds no GLIBC_TUNABLES where the user set none: plugins and the programs kurel runs see what the user gave', () => {
    const { status, stderr, seen } = buildSeenEnvironment(environment());
    expect(status, stderr).toBe(0);
    expect(seen).toEqual([{ tunables: 'unset', mark: 'unset' }]);
  });

  it("holds the user's own setting", () => {
    const { status, stderr, seen } = buildSeenEnvironment(environment({ GLIBC_TUNABLES: 'glibc.malloc.check=0' }));
    expect(status, stderr).toBe(0);
    expect(seen).toEqual([{ tunables: 'glibc.malloc.check=0', mark: 'unset' }]);
  });
});
