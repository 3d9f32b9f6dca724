// Times whole `kurel` processes for the scaling benchmark and the regression guard: wall time,
// CPU time (user + system) and peak resident memory of each run, the commands of a comparison
// run in turn (A B A B …) so that a change in the machine's speed reaches both alike.
// CPU time and peak memory come from GNU time (/usr/bin/time) when it is there; without it they
// are left out and only wall time is reported.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const MiB = 1024 * 1024;

/**
 * The kurel the benchmarks run, as a program, as a user runs it: bin/kurel starts Node itself, with
 * sh, which keeps Node from reading NODE_EXTRA_CA_CERTS as it starts (bin/kurel says why).
 */
export const KUREL = fileURLToPath(new URL('../bin/kurel', import.meta.url));

/** One run of `argv` in `cwd`: its wall seconds, CPU seconds, peak KiB, exit status and first error line. */
export function runOnce(argv, cwd) {
  const [command, args] = GNU_TIME ? [GNU_TIME, ['-f', 'KUREL_BENCH %U %S %M', ...argv]] : [argv[0], argv.slice(1)];
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 512 * MiB });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.error) throw result.error;
  const lines = result.stderr.trimEnd().split('\n');
  const timed = GNU_TIME ? lines.findLast((line) => line.startsWith('KUREL_BENCH ')) : undefined;
  const [user, system, peakKb] = timed ? timed.split(' ').slice(1).map(Number) : [];
  const message = lines.find((line) => !line.startsWith('KUREL_BENCH ') && !line.startsWith('Command exited')) ?? '';
  return { wall, cpu: timed ? user + system : undefined, peakMiB: timed ? peakKb / 1024 : undefined, status: result.status, message, stdoutBytes: Buffer.byteLength(result.stdout) };
}

/** `runs` runs of each command, taken in turn, after one untimed warm-up run each. */
export function runInTurn(commands, { runs = 3, cwd } = {}) {
  for (const argv of commands) runOnce(argv, cwd);
  const results = commands.map(() => []);
  for (let run = 0; run < runs; run++) commands.forEach((argv, index) => results[index].push(runOnce(argv, cwd)));
  return results;
}

export function median(values) {
  const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Medians of a command's runs. */
export function summary(runs) {
  return { wall: median(runs.map((run) => run.wall)), cpu: median(runs.map((run) => run.cpu)), peakMiB: median(runs.map((run) => run.peakMiB)), status: runs[0].status, message: runs[0].message };
}

/** The median of the pair-by-pair ratios a[i] / b[i] of one measure. */
export function pairedRatio(a, b, measure) {
  return median(a.map((run, index) => (run[measure] !== undefined && b[index][measure] ? run[measure] / b[index][measure] : undefined)));
}

export const seconds = (value) => (value === undefined ? '–' : value.toFixed(2));
export const ratio = (value) => (value === undefined ? '–' : value.toFixed(2));
export const mebibytes = (value) => (value === undefined ? '–' : `${Math.round(value)} MiB`);

/**
 * A line for a report made where a Node process starts later than Node itself: Node 20 reads the
 * certificates `NODE_EXTRA_CA_CERTS` names, and builds its store of trusted roots, as it starts
 * and before any script runs (some 35 ms for a system bundle; bench/README.md). The `node`
 * baselines pay it; kurel, started by sh (bin/kurel), and Go programs (helm, kustomize) do not.
 */
export function nodeStartNote(env = process.env) {
  return env.NODE_EXTRA_CA_CERTS ? `note: NODE_EXTRA_CA_CERTS is set (${env.NODE_EXTRA_CA_CERTS}): a \`node\` baseline reads it as it starts; bin/kurel leaves it to kurel's HTTPS requests` : undefined;
}
