// Times whole `kurel` processes for the scaling benchmark and the regression guard: wall time,
// CPU time (user + system) and peak resident memory of each run, the commands of a comparison
// run in turn (A B A B …) so that a change in the machine's speed reaches both alike.
// CPU time and peak memory come from GNU time (/usr/bin/time) when it is there; without it they
// are left out and only wall time is reported.

import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, fstatSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const MiB = 1024 * 1024;

/**
 * The kurel the benchmarks run, as a program, as a user runs it: bin/kurel starts Node itself, with
 * sh, which keeps Node from reading NODE_EXTRA_CA_CERTS as it starts (bin/kurel says why).
 */
export const KUREL = fileURLToPath(new URL('../bin/kurel', import.meta.url));

/**
 * One run of `argv` in `cwd`: its wall seconds, CPU seconds, peak KiB, exit status, first error
 * line and bytes of output. Its output and errors go to files, as a CI job sends them: a refusal
 * of a large file may write a gigabyte of errors, and `validate --format json` the same as its
 * report, more than a string may hold.
 */
export function runOnce(argv, cwd) {
  const scratch = mkdtempSync(join(tmpdir(), 'kurel-bench-run-'));
  const [output, errors, timing] = [join(scratch, 'stdout'), join(scratch, 'stderr'), join(scratch, 'time')];
  const [command, args] = GNU_TIME ? [GNU_TIME, ['-o', timing, '-f', '%U %S %M', ...argv]] : [argv[0], argv.slice(1)];
  const [outputFd, errorsFd] = [openSync(output, 'w'), openSync(errors, 'w')];
  try {
    const started = process.hrtime.bigint();
    const result = spawnSync(command, args, { cwd, stdio: ['ignore', outputFd, errorsFd] });
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    if (result.error) throw result.error;
    const [user, system, peakKb] = GNU_TIME ? readFileSync(timing, 'utf8').trim().split('\n').at(-1).split(' ').map(Number) : [];
    const message = firstLine(errors);
    return { wall, cpu: GNU_TIME ? user + system : undefined, peakMiB: GNU_TIME ? peakKb / 1024 : undefined, status: result.status, message, stdoutBytes: fstatSync(outputFd).size };
  } finally {
    closeSync(outputFd);
    closeSync(errorsFd);
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The first line of a file, read from its first 64 KiB. */
function firstLine(file) {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read).toString('utf8').split('\n')[0];
  } finally {
    closeSync(fd);
  }
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
  return { wall: median(runs.map((run) => run.wall)), cpu: median(runs.map((run) => run.cpu)), peakMiB: median(runs.map((run) => run.peakMiB)), status: runs[0].status, message: runs[0].message, stdoutBytes: runs[0].stdoutBytes };
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
 * and before any script runs (bench/README.md says what it costs). The `node`
 * baselines pay it; kurel, started by sh (bin/kurel), and Go programs (helm, kustomize) do not.
 */
export function nodeStartNote(env = process.env) {
  return env.NODE_EXTRA_CA_CERTS ? `note: NODE_EXTRA_CA_CERTS is set (${env.NODE_EXTRA_CA_CERTS}): a \`node\` baseline reads it as it starts; bin/kurel leaves it to kurel's HTTPS requests` : undefined;
}
