// Start-up time of the kurel CLI against a bare `node -e 0`. A measurement, not a test: it
// prints what it measured and the targets, and exits 0 whatever the result.
//
//   node bench/startup.mjs [--warmup 5] [--runs 21] [--json]
//
// The commands run in turn (node, --version, build, node, --version, build, …) so that a change
// in the machine's speed during the measurement reaches every command alike.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { KUREL, nodeStartNote } from './measure.mjs';

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

const build = (fixture) => [KUREL, 'build', `bench/fixtures/${fixture}/app.yaml`, '--profile', `bench/fixtures/${fixture}/profile.yaml`];

/**
 * A target is a ratio to `node -e 0` (`ratio`), a median in milliseconds (`ms`), or both: 150 ms
 * was set where `node -e 0` takes 62 ms, so on a slower or busier machine the ratio (150 / 62) is
 * the fairer reading.
 */
const commands = [
  { label: 'node -e 0', args: [process.execPath, '-e', '0'] },
  { label: 'kurel --version', args: [KUREL, '--version'], target: { ratio: 2 } },
  { label: 'kurel build webservice-minimal', args: build('webservice-minimal') },
  { label: 'kurel build web-services-10', args: build('web-services-10'), target: { ms: 150, ratio: 2.4 } },
];

function timeOnce(args) {
  const start = process.hrtime.bigint();
  spawnSync(args[0], args.slice(1), { cwd: repo, stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** One checked run first: timing a command that fails would measure its error path. */
function check({ args }) {
  const result = spawnSync(args[0], args.slice(1), { cwd: repo, encoding: 'utf8' });
  if (!result.error && result.status === 0) return undefined;
  return result.error?.message ?? `exit ${result.status}: ${result.stderr.trim().split('\n').slice(0, 5).join(' | ')}`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

if (!existsSync(new URL('../dist/bundle/main.cjs', import.meta.url))) {
  console.error('warning: dist/ is missing; run `npm run build` first, or the kurel commands will fail');
}

const results = commands.map((command) => ({ ...command, error: check(command), times: [] }));
const timed = results.filter((result) => !result.error);
for (let i = 0; i < warmup; i++) for (const result of timed) timeOnce(result.args);
for (let i = 0; i < runs; i++) for (const result of timed) result.times.push(timeOnce(result.args));

const baseline = results[0];
for (const result of timed) {
  result.min = Math.min(...result.times);
  result.median = median(result.times);
  result.max = Math.max(...result.times);
  if (!baseline.error) result.ratio = result.median / baseline.median;
  if (result.target?.ratio !== undefined && result.ratio !== undefined) result.passRatio = result.ratio <= result.target.ratio;
  if (result.target?.ms !== undefined) result.passMs = result.median <= result.target.ms;
  if (result.target) result.pass = result.passMs ?? result.passRatio;
}

const verdict = (pass) => (pass === undefined ? 'NOT MEASURED' : pass ? 'PASS' : 'FAIL');

if (options.json) {
  const rows = results.map(({ label, args, min, median, max, ratio, target, pass, passMs, passRatio, error }) => ({ label, command: args.join(' '), min, median, max, ratio, target, pass, passMs, passRatio, error }));
  console.log(JSON.stringify({ node: process.version, nodeExtraCaCerts: process.env.NODE_EXTRA_CA_CERTS ?? null, warmup, runs, results: rows }, null, 2));
} else {
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(10);
  console.log(`node ${process.version}, ${warmup} warm-ups + ${runs} timed runs per command, in turn`);
  const note = nodeStartNote();
  console.log(note ? `${note}\n` : '');
  console.log(`${'command'.padEnd(34)}${'min'.padStart(10)}${'median'.padStart(10)}${'max'.padStart(10)}${'/ node'.padStart(9)}`);
  for (const r of results) {
    if (r.error) console.log(`${r.label.padEnd(34)}  FAILED: ${r.error}`);
    else console.log(`${r.label.padEnd(34)}${ms(r.min)}${ms(r.median)}${ms(r.max)}${(r.ratio === undefined ? '–' : `${r.ratio.toFixed(2)}×`).padStart(9)}`);
  }
  console.log('');
  for (const r of results.filter((result) => result.target)) {
    if (r.target.ms !== undefined) console.log(`${r.label.padEnd(34)}  target ${`≤ ${r.target.ms} ms`.padEnd(20)}  ${verdict(r.passMs)}`);
    if (r.target.ratio !== undefined) console.log(`${r.label.padEnd(34)}  target ${`≤ ${r.target.ratio}× node -e 0`.padEnd(20)}  ${verdict(r.passRatio)}`);
  }
}
