#!/usr/bin/env node
// For each input limit, the time and peak memory of `kurel build` on an input just under the limit
// and on one just over it. Public tools only: node and GNU time (/usr/bin/time) for the peak
// resident set size; without it, the memory column is left empty.
//
//   npm run build && node bench/input-limits.mjs
//
// Prints a Markdown table. Run it alone on the machine: the figures are wall-clock.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KUREL } from './measure.mjs';

const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const dir = mkdtempSync(join(tmpdir(), 'kurel-bench-limits-'));

const HEAD = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: bench, namespace: bench}\nspec:\n  components:\n';
const helm = (values) => `${HEAD}    - name: chart\n      type: helm\n      properties:\n        chart: podinfo\n        version: 6.5.0\n        source: {url: "https://stefanprodan.github.io/podinfo"}\n        values:\n${values}`;

/** A ConfigMap component whose file is `bytes` long, give or take a line. */
function fileOfBytes(bytes) {
  const head = `${HEAD}    - name: settings\n      type: configmap\n      properties:\n        data:\n`;
  const line = (index) => `          key${String(index).padStart(7, '0')}: "${'x'.repeat(200)}"\n`;
  const lines = Math.floor((bytes - head.length) / line(0).length);
  return head + Array.from({ length: lines }, (_, index) => line(index)).join('');
}

/** The helm values nested `depth` levels below the document (the document's own map is level 1). */
function nested(depth) {
  const inner = depth - 6; // spec, components, the component, properties, values, deep
  return helm(`          deep: ${'{a: '.repeat(inner)}1${'}'.repeat(inner)}\n`);
}

/** An anchored list of 999 scalars aliased `aliases` times: each alias adds 1,000 nodes. */
function aliased(aliases) {
  const list = Array.from({ length: 999 }, (_, index) => index).join(', ');
  return helm(`          base: &base [${list}]\n          copies: [${Array.from({ length: aliases }, () => '*base').join(', ')}]\n`);
}

const documents = (count) => Array.from({ length: count }, (_, index) => `${HEAD.replace('name: bench', `name: bench${index}`)}    - {name: c, type: configmap, properties: {data: {a: "1"}}}\n`).join('---\n');
const components = (count) => HEAD + Array.from({ length: count }, (_, index) => `    - {name: c${index}, type: configmap, properties: {data: {a: "1"}}}\n`).join('');

const MiB = 1024 * 1024;
const cases = [
  ['fileBytes', '16 MiB', fileOfBytes(16 * MiB - 4096), fileOfBytes(16 * MiB + 4096)],
  ['nestingDepth', '100 levels', nested(100), nested(101)],
  ['aliasNodes', '100,000 nodes', aliased(99), aliased(101)],
  ['documents', '1,000 per file', documents(1000), documents(1001)],
  ['components', '20,000 per Application', components(20_000), components(20_001)],
];

/** A 20 MB file of 300,000 components, read only because the config raises limits.fileBytes: refused at component 20,001, long before the end of the file. */
const huge = ['components', '20,000 per Application', 'limits.fileBytes: 32 MiB', components(300_000), 'limits:\n  fileBytes: 33554432\n'];

function measure(text, config = '') {
  const file = join(dir, 'app.yaml');
  writeFileSync(file, text);
  rmSync(join(dir, '.kurelrc.yaml'), { force: true });
  if (config) writeFileSync(join(dir, '.kurelrc.yaml'), config);
  const command = gnuTime ? [gnuTime, ['-f', '%e %M', KUREL, 'build', file]] : [KUREL, ['build', file]];
  const started = process.hrtime.bigint();
  const result = spawnSync(command[0], command[1], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * MiB });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const lines = result.stderr.trimEnd().split('\n');
  const [, peakKb] = gnuTime ? lines.pop().split(' ') : [];
  const answer = result.status === 0 ? 'built' : (lines[0] ?? '').replace(/^Error: /, '').replace(file, 'app.yaml').slice(0, 80);
  return { seconds: seconds.toFixed(2), peak: peakKb ? `${Math.round(Number(peakKb) / 1024)} MiB` : '', bytes: Buffer.byteLength(text), answer };
}

console.log('| limit | default | input | size | time (s) | peak RSS | answer |');
console.log('|---|---|---|---|---|---|---|');
try {
  for (const [key, limit, under, over] of cases) {
    for (const [label, text] of [['just under', under], ['just over', over]]) {
      const { seconds, peak, bytes, answer } = measure(text);
      console.log(`| ${key} | ${limit} | ${label} | ${(bytes / 1024).toFixed(0)} KiB | ${seconds} | ${peak} | ${answer.replace(/\|/g, '\\|')} |`);
    }
  }
  const [key, limit, label, text, config] = huge;
  const { seconds, peak, bytes, answer } = measure(text, config);
  console.log(`| ${key} | ${limit} | 300,000 components, ${label} | ${(bytes / 1024).toFixed(0)} KiB | ${seconds} | ${peak} | ${answer.replace(/\|/g, '\\|')} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
