// kurel beside helm, kustomize and cdk8s, through the peer benchmark of the reference material
// (`shared/peerbench` beside the checkout, or further up from a worktree; KUREL_SHARED names it).
// A measurement, not a test. Without the material it prints one line and exits 0; with it, it
// runs `peerbench/run` with this checkout's bin/kurel and passes every argument on:
//
//   node bench/peers.mjs [--n 10,100 --tools helm,cdk8s,kurel,node-floor --runs 3 --json FILE]
//
// peerbench's own `setup` installs the peers (once); its exit status is this script's.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KUREL, nodeStartNote } from './measure.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));

function findShared() {
  if (process.env.KUREL_SHARED) return process.env.KUREL_SHARED;
  for (let folder = repo; folder !== dirname(folder); folder = dirname(folder)) {
    if (existsSync(join(folder, 'shared/peerbench/run'))) return join(folder, 'shared');
  }
  return undefined;
}

const shared = findShared();
const run = shared && join(shared, 'peerbench/run');
if (!run || !existsSync(run)) {
  console.log('peer benchmark skipped: no shared/peerbench beside the checkout (or KUREL_SHARED) to run');
  process.exit(0);
}
if (!existsSync(join(repo, 'dist/bundle/main.cjs'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const startNote = nodeStartNote();
if (startNote) console.log(startNote);
const result = spawnSync(run, process.argv.slice(2), {
  stdio: 'inherit',
  env: { ...process.env, KUREL },
});
if (result.error) throw result.error;
process.exit(result.status ?? 1);
