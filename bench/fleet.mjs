// A fleet in one run: P packages of 5 web services each, built for 3 environments into one Flux
// tree, against the same objects rendered by a loop of `helm template` over one chart per package
// (the chart the peer benchmark generates, `writeHelmChart` in inputs.mjs). A measurement, not a
// test: it prints a Markdown table and exits 0 (1 only when a run failed or dist/ is missing).
//
//   npm run build && node bench/fleet.mjs [--packages 100,300] [--runs 3] [--keep]
//
// Rows, each the 3 environments in one run (`--environment dev,staging,prod`; one run each, one
// after the other, for a kurel without it), timed as one shell run under GNU time (wall, user +
// system CPU of every process it started, the largest process's peak resident memory):
//   kurel --jobs 1, kurel --jobs 2    the whole fleet, every package built (--no-cache)
//   kurel incremental                 after a run that filled the build cache, one package changed
//   helm template loop                one `helm template` per package and environment
// A kurel without --jobs (the flag of the parallel build) gets those rows marked as not run.
// Each kurel row is the median of --runs runs (default 3), the rows taken in turn (A B C A B C …)
// so that a change in the machine's speed (a file system that writes thousands of small files in
// a tenth of a second at one moment and a second at the next) reaches them alike; the helm loop,
// itself hundreds of runs, is run once. Before each timed run the page cache is written back
// (`sync`, untimed): no run pays for the files the one before it made.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROFILE, writeHelmChart } from './inputs.mjs';
import { KUREL, mebibytes, ratio, runOnce, seconds, summary } from './measure.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const SIZES = option('--packages', '100').split(',').map(Number);
const RUNS = Number(option('--runs', '3'));
const ENVIRONMENTS = ['dev', 'staging', 'prod'];
const SERVICES = 5;

if (!existsSync(join(repo, 'dist/bundle/main.cjs'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

/** helm's path: KUREL_HELM, else the one scripts/install-k8s-tools.sh installs; undefined without one. */
function findHelm() {
  if (process.env.KUREL_HELM) return process.env.KUREL_HELM;
  const installed = spawnSync('bash', [join(repo, 'scripts/install-k8s-tools.sh')], { encoding: 'utf8' });
  if (installed.status !== 0) return undefined;
  return join(installed.stdout.trim().split('\n').pop(), 'helm');
}

const packageName = (p) => `pkg-${String(p).padStart(3, '0')}`;

/** The web services of package `p`, in the shape of the peer benchmark (webservice + expose), in the package's own namespace. */
function application(p, tag = '') {
  let text = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: ${packageName(p)}\n  namespace: ${packageName(p)}\nspec:\n  components:\n`;
  for (let i = 1; i <= SERVICES; i++) {
    text += `  - name: web-${i}\n    type: webservice\n    properties:\n      image: ghcr.io/example/web:v1.0.${i}${tag}\n      port: 8080\n      serviceAccountName: default\n    traits:\n    - type: expose\n      properties:\n        hostnames:\n        - web-${i}.example.com\n`;
  }
  return text;
}

/** P packages (app.yaml, environments.yaml, a profile per environment) and the same services as a chart per package. */
function generate(dir, packages) {
  for (let p = 1; p <= packages; p++) {
    const pkg = join(dir, 'fleet', packageName(p));
    mkdirSync(join(pkg, 'profiles'), { recursive: true });
    writeFileSync(join(pkg, 'app.yaml'), application(p));
    let environments = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: EnvironmentSet\nmetadata:\n  name: environments\nspec:\n  environments:\n';
    for (const environment of ENVIRONMENTS) {
      environments += `    - name: ${environment}\n      profile: profiles/${environment}.yaml\n`;
      writeFileSync(join(pkg, 'profiles', `${environment}.yaml`), PROFILE);
    }
    writeFileSync(join(pkg, 'environments.yaml'), environments);
    const chart = join(dir, 'charts', packageName(p));
    writeHelmChart(chart, SERVICES);
    // The chart's objects in the package's namespace, as kurel writes them.
    writeFileSync(join(chart, 'values.yaml'), readFileSync(join(chart, 'values.yaml'), 'utf8').replace('namespace: default', `namespace: ${packageName(p)}`));
  }
}

const quote = (word) => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * One shell run of the 3 environments' fleet builds into `out`. A full run writes into a folder of
 * its own, never emptied before it: on a file system that skips recently deleted inodes when it
 * makes files (ext4 without a journal, as on this benchmark's machines), a tree deleted just
 * before would make the next run's thousands of files several times slower to create, a cost of
 * the benchmark's clean-up, not of the run.
 */
function kurelFleet(dir, out, extra) {
  const build = (environments) => [KUREL, 'build', 'fleet', '-o', out, '--layout', 'flux', '--environment', environments, ...extra].map(quote).join(' ');
  const builds = severalEnvironments ? [build(ENVIRONMENTS.join(','))] : ENVIRONMENTS.map(build);
  return runOnce(['sh', '-c', `set -e; ${builds.join('; ')}`], dir);
}

/**
 * Writes back what earlier runs left in the page cache (`sync`, untimed), so that no run is timed
 * while the disk writes out the thousands of files the run before it made (the incremental run,
 * timed right after two full ones, took 0.40 s so and 0.33–0.38 s alone).
 */
function settleDisk() {
  spawnSync('sync');
}

/** One shell run of `helm template` for every package and environment, each output to a file. */
function helmLoop(dir, helm, packages) {
  rmSync(join(dir, 'helm-out'), { recursive: true, force: true });
  mkdirSync(join(dir, 'helm-out'));
  const script = `set -e; for e in ${ENVIRONMENTS.join(' ')}; do for p in charts/*; do n=\${p#charts/}; ${quote(helm)} template "$n" "$p" --namespace "$n" > "helm-out/$n-$e.yaml"; done; done`;
  return runOnce(['sh', '-c', script], dir);
}

/** Deployments in every file under `folder`: the fleet's and the helm loop's count must be equal. */
function deployments(folder) {
  let count = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.yaml')) count += readFileSync(join(entry.parentPath ?? entry.path, entry.name), 'utf8').split(/^kind: Deployment$/m).length - 1;
  }
  return count;
}

const helm = findHelm();
const help = spawnSync(KUREL, ['build', '--help'], { encoding: 'utf8' }).stdout;
const hasJobs = help.includes('--jobs');
// A kurel that builds several environments in one run (`--environment dev,staging,prod`) is run
// once for the three; an older one, once per environment.
const severalEnvironments = help.includes('--environment dev,staging,prod');
let failed = false;
/** The folders of the sizes run, removed at the end. */
const made = [];

for (const packages of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), `kurel-bench-fleet-${packages}-`));
  // A build cache of its own, beside a compile cache kept warm by the first run.
  process.env.KUREL_CACHE_DIR = join(dir, 'cache');
  generate(dir, packages);
  const rows = [];
  const row = (name, result, note = '') => {
    if (result.status !== 0) {
      failed = true;
      note = `FAILED: ${result.message}`;
    }
    rows.push({ name, result, note });
  };

  // Warm-up, untimed: the compile cache, the file cache, and the build cache the incremental row needs.
  kurelFleet(dir, 'tree', []);
  const changed = join(dir, 'fleet', packageName(1), 'app.yaml');
  const timed = [];
  for (const jobs of [1, 2]) {
    if (hasJobs) timed.push({ name: `kurel fleet --jobs ${jobs}`, run: (at) => kurelFleet(dir, `tree-jobs-${jobs}-run-${at + 1}`, ['--no-cache', '--jobs', String(jobs)]) });
    else rows.push({ name: `kurel fleet --jobs ${jobs}`, note: 'not run: this kurel has no --jobs flag' });
  }
  if (!hasJobs) timed.push({ name: 'kurel fleet (one at a time)', run: (at) => kurelFleet(dir, `tree-full-run-${at + 1}`, ['--no-cache']) });
  timed.push({
    name: 'kurel incremental: 1 package changed, the rest cached',
    note: '(into the tree already written)',
    // Each run changes the one package again: its build is never in the cache.
    run: (at) => {
      writeFileSync(changed, application(1, `-${at + 1}`));
      return kurelFleet(dir, 'tree', []);
    },
  });
  const results = timed.map(() => []);
  for (let at = 0; at < RUNS; at++) {
    timed.forEach(({ run }, index) => {
      settleDisk();
      results[index].push(run(at));
    });
  }
  timed.forEach(({ name, note }, index) => {
    const failedRun = results[index].find((result) => result.status !== 0);
    // Peak memory: the largest of the runs, the figure a limit is checked against.
    const peakMiB = Math.max(...results[index].map((result) => result.peakMiB ?? 0)) || undefined;
    row(name, failedRun ?? { ...summary(results[index]), peakMiB }, note);
  });
  settleDisk();
  if (helm) row(`helm template loop (${packages * ENVIRONMENTS.length} runs)`, helmLoop(dir, helm, packages));
  else rows.push({ name: 'helm template loop', note: 'not run: no helm (KUREL_HELM, or scripts/install-k8s-tools.sh)' });

  const helmRow = rows.find((entry) => entry.name.startsWith('helm') && entry.result);
  console.log(`\n### ${packages} packages × ${SERVICES} web services × ${ENVIRONMENTS.length} environments (${packages * SERVICES * 3 * ENVIRONMENTS.length} objects; kurel rows: median of ${RUNS} runs)\n`);
  console.log('| run | wall | CPU (user+sys) | peak RSS | wall / helm loop | |');
  console.log('|---|---|---|---|---|---|');
  for (const { name, result, note } of rows) {
    if (!result) {
      console.log(`| ${name} | – | – | – | – | ${note} |`);
      continue;
    }
    const versus = helmRow ? ratio(result.wall / helmRow.result.wall) : '–';
    console.log(`| ${name} | ${seconds(result.wall)} s | ${seconds(result.cpu)} s | ${mebibytes(result.peakMiB)} | ${versus} | ${note} |`);
  }
  const full = rows.find((entry) => entry.name.startsWith('kurel fleet') && entry.result);
  const incremental = rows.find((entry) => entry.name.startsWith('kurel incremental'));
  if (full && incremental?.result) {
    const cpu = full.result.cpu && incremental.result.cpu ? `, ${ratio(incremental.result.cpu / full.result.cpu)} (CPU)` : '';
    console.log(`\nincremental / full run: ${ratio(incremental.result.wall / full.result.wall)} (wall)${cpu}`);
  }
  const fleetTree = join(dir, full?.name.includes('--jobs') ? 'tree-jobs-1-run-1' : 'tree-full-run-1');
  if (existsSync(fleetTree) && helmRow) console.log(`Deployments: kurel ${deployments(fleetTree)}, helm ${deployments(join(dir, 'helm-out'))} (expected ${packages * SERVICES * ENVIRONMENTS.length} each)`);
  if (args.includes('--keep')) console.log(`inputs and outputs kept in ${dir}`);
  else made.push(dir);
}
// Removed once every size has run: tens of thousands of files deleted between two sizes would
// slow the next size's file creation (see kurelFleet).
for (const dir of made) rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
