// Start-up time of the kurel CLI against a bare `node -e 0`. A measurement, not a test: it
// prints what it measured and the targets, and exits 0 whatever the result.
//
//   node bench/startup.mjs [--warmup 5] [--runs 21] [--json]

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values: options } = parseArgs({
  options: {
    warmup: { type: 'string', default: '5' },
    runs: { type: 'string', default: '21' },
    json: { type: 'boolean', default: false },
  },
});
const warmup = Number(options.warmup);
const runs = Number(options.runs);

const fixture = 'bench/fixtures/webservice-minimal';
const commands = [
  { label: 'node -e 0', args: ['-e', '0'] },
  { label: 'kurel --version', args: ['bin/kurel', '--version'], target: 4 },
  {
    label: 'kurel build webservice-minimal',
    args: ['bin/kurel', 'build', `${fixture}/app.yaml`, '--profile', `${fixture}/profile.yaml`],
    target: 7,
  },
];

function timeOnce(args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: repo, stdio: 'ignore' });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  return { elapsed, status: result.status, error: result.error };
}

function measure({ label, args }) {
  // One checked run first: timing a command that fails would measure its error path.
  const check = spawnSync(process.execPath, args, { cwd: repo, encoding: 'utf8' });
  if (check.error || check.status !== 0) {
    const reason = check.error?.message ?? `exit ${check.status}: ${check.stderr.trim().split('\n').slice(0, 5).join(' | ')}`;
    return { label, error: reason };
  }
  for (let i = 0; i < warmup; i++) timeOnce(args);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(timeOnce(args).elapsed);
  times.sort((a, b) => a - b);
  const middle = times.length >> 1;
  const median = times.length % 2 ? times[middle] : (times[middle - 1] + times[middle]) / 2;
  return { label, min: times[0], median, max: times[times.length - 1] };
}

if (!existsSync(new URL('../dist', import.meta.url))) {
  console.error('warning: dist/ is missing; run `npm run build` first, or the kurel commands will fail');
}

const results = commands.map((command) => ({ ...command, ...measure(command) }));
const baseline = results[0];
for (const result of results.slice(1)) {
  if (result.error || baseline.error) continue;
  result.ratio = result.median / baseline.median;
  result.pass = result.ratio <= result.target;
}

if (options.json) {
  const rows = results.map(({ label, min, median, max, ratio, target, pass, error }) => ({ label, min, median, max, ratio, target, pass, error }));
  console.log(JSON.stringify({ node: process.version, warmup, runs, results: rows }, null, 2));
} else {
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(10);
  console.log(`node ${process.version}, ${warmup} warm-ups + ${runs} timed runs per command\n`);
  console.log(`${'command'.padEnd(32)}${'min'.padStart(10)}${'median'.padStart(10)}${'max'.padStart(10)}`);
  for (const r of results) {
    console.log(r.error ? `${r.label.padEnd(32)}  FAILED: ${r.error}` : `${r.label.padEnd(32)}${ms(r.min)}${ms(r.median)}${ms(r.max)}`);
  }
  console.log('');
  for (const r of results.slice(1)) {
    const verdict = r.ratio === undefined ? 'NOT MEASURED' : r.pass ? 'PASS' : 'FAIL';
    const ratio = r.ratio === undefined ? '–' : `${r.ratio.toFixed(2)}×`;
    console.log(`${`${r.label} / node -e 0`.padEnd(46)}${ratio.padStart(8)}  (target ≤ ${r.target}×)  ${verdict}`);
  }
}
