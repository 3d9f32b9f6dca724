#!/usr/bin/env node
// The HTML site of every built-in type: how long `kurel schemas --format html` takes (wall time,
// the median of a few runs) and how large the site it writes is. Printed, not checked:
// the goals are under 3 s and under 5 MB. A benchmark, never part of `npm test`.
//
//   npm run build && node bench/docs-site.mjs [--runs 5]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 5);
const repo = fileURLToPath(new URL('../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kurel-bench-site-'));

const folderBytes = (folder) => readdirSync(folder).reduce((sum, name) => {
  const path = join(folder, name);
  return sum + (statSync(path).isDirectory() ? folderBytes(path) : statSync(path).size);
}, 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const wall = [];
let bytes = 0;
let files = 0;
try {
  for (let run = 0; run < runs; run++) {
    const site = join(dir, `site-${run}`);
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'schemas', '--format', 'html', '-o', site], { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
    wall.push(Number(process.hrtime.bigint() - started) / 1e9);
    bytes = folderBytes(site);
    files = Number(/wrote (\d+) files/.exec(result.stderr)?.[1] ?? 0);
  }
  console.log(`kurel schemas --format html: median ${median(wall).toFixed(2)} s wall over ${runs} runs (min ${Math.min(...wall).toFixed(2)} s)`);
  console.log(`site: ${files} files, ${(bytes / 1024 / 1024).toFixed(2)} MiB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
