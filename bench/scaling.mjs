#!/usr/bin/env node
// Whether kurel's cost grows linearly with its input: the time of 16,000 components against
// 4,000, of a ConfigMap of 40,000 keys against 10,000, what a 20 MB input costs to be answered,
// and the peak memory at 500 to 16,000 components. Each figure is a whole `kurel build` process.
//
//   npm run build && npm run bench:scaling [-- --runs 3 --json]
//
// Targets: both ratios at most 4.4 (4× the work), any 20 MB input answered in under 10 s, peak
// memory no worse than linear. Prints Markdown tables and always exits 0 (bench/guard.mjs is the
// check that fails).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { componentsOfBytes, configMapKeys, configMapOfBytes, longListUnderUnknownKey, nestedFlowLists, passthroughConfigMap, passthroughConfigMapJsonOfBytes, PROFILE, refusedComponents, flowConfigMapOfBytes, anchoredFlowConfigMapOfBytes, taggedConfigMapOfBytes, timestampConfigMapOfBytes, unknownTraitsOfBytes, unsupportedFieldsOfBytes, webServices, webServicesJson } from './inputs.mjs';
import { KUREL, mebibytes, pairedRatio, ratio, runInTurn, runOnce, seconds, summary } from './measure.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', '3'));
const json = args.includes('--json');

const dir = mkdtempSync(join(tmpdir(), 'kurel-bench-scaling-'));
const write = (name, text) => {
  writeFileSync(join(dir, name), text);
  return name;
};
write('profile.yaml', PROFILE);
const build = (file, ...extra) => [KUREL, 'build', file, ...extra];
const withProfile = (file) => build(file, '--profile', 'profile.yaml');

/** Both sizes of one input, run in turn: the larger's time over the smaller's. */
function scaling(label, small, large) {
  const [a, b] = runInTurn([large, small], { runs, cwd: dir });
  const big = summary(a);
  const little = summary(b);
  return { label, small: little, large: big, wallRatio: pairedRatio(a, b, 'wall'), cpuRatio: pairedRatio(a, b, 'cpu') };
}

function measureScaling() {
  return [
    scaling('components (web services): 16,000 / 4,000', withProfile(write('web-4000.yaml', webServices(4000))), withProfile(write('web-16000.yaml', webServices(16000)))),
    scaling('ConfigMap keys (passthrough, 200-char values): 40,000 / 10,000', build(write('passthrough-10k.yaml', passthroughConfigMap(10_000))), build(write('passthrough-40k.yaml', passthroughConfigMap(40_000)))),
    scaling('ConfigMap keys (configmap, 12-char values): 40,000 / 10,000', build(write('configmap-10k.yaml', configMapKeys(10_000, 12))), build(write('configmap-40k.yaml', configMapKeys(40_000, 12)))),
  ];
}

/** `validate` against `build` on the same valid input, and `validate` on refused components at two sizes. */
function validation() {
  const file = write('web-2000.yaml', webServices(2000));
  const [v, b] = runInTurn([[KUREL, 'validate', file, '--profile', 'profile.yaml'], withProfile(file)], { runs, cwd: dir });
  const refused = scaling('validate, every other component refused: 2,000 / 500', [KUREL, 'validate', write('refused-500.yaml', refusedComponents(500))], [KUREL, 'validate', write('refused-2000.yaml', refusedComponents(2000))]);
  return { validate: summary(v), build: summary(b), wallRatio: pairedRatio(v, b, 'wall'), cpuRatio: pairedRatio(v, b, 'cpu'), refused };
}

/** 20 MB inputs under the default limits, and with the file limit raised so that they are read. */
function twentyMegabytes() {
  const MB = 1_000_000;
  const inputs = [
    ['a configmap component of 87,000 keys', write('configmap-20mb.yaml', configMapOfBytes(20 * MB))],
    ['a passthrough ConfigMap of 87,000 keys', write('passthrough-20mb.yaml', passthroughConfigMap(Math.floor((20 * MB) / 228)))],
    ['a passthrough ConfigMap of 620,000 short values, each tagged `!!str`', write('tagged-20mb.yaml', taggedConfigMapOfBytes(20 * MB))],
    ['the same, each under a local tag (`!note`)', write('local-tagged-20mb.yaml', taggedConfigMapOfBytes(20 * MB, '!note'))],
    ['a configmap component of 480,000 timestamps (`!!timestamp`), refused with an error at each key', write('timestamps-20mb.yaml', timestampConfigMapOfBytes(20 * MB))],
    ['a web service of 950,000 fields it does not have, refused at each (160 MB of errors)', write('unsupported-20mb.yaml', unsupportedFieldsOfBytes(20 * MB))],
    ['a web service of 1,000,000 traits of unknown types, refused at the first', write('unknown-traits-20mb.yaml', unknownTraitsOfBytes(20 * MB))],
    ['a passthrough ConfigMap of 750,000 short values in a flow map over as many lines', write('flow-20mb.yaml', flowConfigMapOfBytes(20 * MB))],
    ['the same with every tenth value named and every tenth an alias (70,000 aliases)', write('anchored-flow-20mb.yaml', anchoredFlowConfigMapOfBytes(20 * MB))],
    ['300,000 one-line components', write('components-20mb.yaml', componentsOfBytes(20 * MB))],
    ['a passthrough ConfigMap of 88,000 keys, as JSON over many lines', write('passthrough-20mb.json', passthroughConfigMapJsonOfBytes(20 * MB))],
    ['16,000 web services (7 MB), as JSON over many lines', write('web-16000.json', webServicesJson(16_000)), ['--profile', 'profile.yaml']],
  ];
  const rows = [];
  for (const [what, file, extra = []] of inputs) {
    for (const raised of [false, true]) {
      // The kurel config is found from the working folder.
      if (raised) writeFileSync(join(dir, '.kurelrc.yaml'), 'limits:\n  fileBytes: 33554432\n');
      else rmSync(join(dir, '.kurelrc.yaml'), { force: true });
      const run = summary([runOnce(build(file, ...extra), dir)]);
      rows.push({ what, limits: raised ? 'fileBytes raised to 32 MiB' : 'defaults', ...run });
    }
  }
  rmSync(join(dir, '.kurelrc.yaml'), { force: true });
  // Inputs under the file limit written to cost the reader most: refused, but after how much reading.
  const adversarial = [
    ['16 MB of flow lists nested 8,000,000 deep', write('nested-16mb.yaml', nestedFlowLists(8_000_000))],
    ['8 MB: a list of 2,000,000 items under a key an Application may not have', write('long-list-8mb.yaml', longListUnderUnknownKey(2_000_000))],
  ];
  for (const [what, file] of adversarial) rows.push({ what, limits: 'defaults', ...summary([runOnce(build(file), dir)]) });
  // Output in the formats scripts read: each diagnostic of a refusal, or each object, one at a time.
  const formats = [
    ['the 950,000 fields again, `validate --format json`', [KUREL, 'validate', 'unsupported-20mb.yaml', '--format', 'json'], true],
    ['the 950,000 fields again, `validate --format yaml`', [KUREL, 'validate', 'unsupported-20mb.yaml', '--format', 'yaml'], true],
    ['16,000 web services (4 MB), `build --format json` (a List of 48,000 objects)', [...withProfile('web-16000.yaml'), '--format', 'json'], false],
  ];
  for (const [what, argv, raised] of formats) {
    if (raised) writeFileSync(join(dir, '.kurelrc.yaml'), 'limits:\n  fileBytes: 33554432\n');
    rows.push({ what, limits: raised ? 'fileBytes raised to 32 MiB' : 'defaults', ...summary([runOnce(argv, dir)]) });
    rmSync(join(dir, '.kurelrc.yaml'), { force: true });
  }
  return rows;
}

/** Peak memory and time at growing sizes: linear when the per-component figure holds still. */
function memory() {
  return [500, 2000, 4000, 16000].map((n) => {
    const file = write(`web-${n}.yaml`, webServices(n));
    return { n, ...summary([runOnce(withProfile(file), dir)]) };
  });
}

function answer(run) {
  if (run.status === 0) return 'built';
  // `validate --format json` and `--format yaml` report on stdout.
  if (run.message === '') return `exit ${run.status}, a report of ${Math.round(run.stdoutBytes / 1e6)} MB on stdout`;
  return `refused: ${run.message.replace(/^Error: /, '').replace(/^[^ ]+ /, '').slice(0, 90)}`;
}

try {
  const results = { scaling: measureScaling(), validation: validation(), twentyMegabytes: twentyMegabytes(), memory: memory() };
  if (json) console.log(JSON.stringify(results, null, 2));
  else {
    console.log(`## Scaling (median of ${runs} runs each, run in turn; target: ratio ≤ 4.4)\n`);
    console.log('| input | small: wall / cpu (s) | large: wall / cpu (s) | ratio wall | ratio cpu |');
    console.log('|---|---|---|---|---|');
    for (const row of results.scaling) {
      console.log(`| ${row.label} | ${seconds(row.small.wall)} / ${seconds(row.small.cpu)} | ${seconds(row.large.wall)} / ${seconds(row.large.cpu)} | ${ratio(row.wallRatio)} | ${ratio(row.cpuRatio)} |`);
    }
    const { validation: check } = results;
    console.log('\n## validate against build (target: validate no slower)\n');
    console.log('| input | validate: wall / cpu (s) | build: wall / cpu (s) | ratio wall | ratio cpu |');
    console.log('|---|---|---|---|---|');
    console.log(`| 2,000 web services (valid) | ${seconds(check.validate.wall)} / ${seconds(check.validate.cpu)} | ${seconds(check.build.wall)} / ${seconds(check.build.cpu)} | ${ratio(check.wallRatio)} | ${ratio(check.cpuRatio)} |`);
    const { refused } = check;
    console.log(`\n${refused.label}: ${seconds(refused.large.wall)} s / ${seconds(refused.small.wall)} s wall, ratio ${ratio(refused.wallRatio)} (cpu ${ratio(refused.cpuRatio)}); exit ${refused.large.status}`);
    console.log('\n## 20 MB inputs (target: answered in under 10 s)\n');
    console.log('| input | limits | wall (s) | cpu (s) | peak RSS | answer |');
    console.log('|---|---|---|---|---|---|');
    for (const row of results.twentyMegabytes) console.log(`| ${row.what} | ${row.limits} | ${seconds(row.wall)} | ${seconds(row.cpu)} | ${mebibytes(row.peakMiB)} | ${answer(row).replace(/\|/g, '\\|')} |`);
    console.log('\n## Peak memory (one run each; linear when MiB per 1,000 components above the start-up floor holds still)\n');
    console.log('| components | wall (s) | cpu (s) | peak RSS | MiB per 1,000 components over N=500 |');
    console.log('|---|---|---|---|---|');
    const [first] = results.memory;
    for (const row of results.memory) {
      const slope = row.n === first.n || row.peakMiB === undefined ? '–' : (((row.peakMiB - first.peakMiB) / (row.n - first.n)) * 1000).toFixed(1);
      console.log(`| ${row.n} | ${seconds(row.wall)} | ${seconds(row.cpu)} | ${mebibytes(row.peakMiB)} | ${slope} |`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
