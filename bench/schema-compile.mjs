// How long ajv takes to compile the editor schema `kurel schemas` publishes (application.schema.json),
// the way an editor or a CI check would compile it. A measurement, not a test: it prints the
// size, the compile time of each run and the median against the 2 s target, and always exits 0.
//   node bench/schema-compile.mjs [--runs 3]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';

const repo = fileURLToPath(new URL('../', import.meta.url));
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const TARGET_MS = 2000;

const printed = spawnSync(process.execPath, ['bin/kurel', 'schemas', '--format', 'json'], { cwd: repo, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (printed.status !== 0) {
  console.log(`FAILED: kurel schemas --format json: ${printed.stderr}`);
  process.exit(0);
}
const text = JSON.parse(printed.stdout)['application.schema.json'];
const schema = JSON.parse(text);
const times = [];
const cpuTimes = [];
// CPU time beside wall time: on a shared machine the wall time mostly measures the others' load.
const cpu = () => { const usage = process.cpuUsage(); return (usage.user + usage.system) / 1000; };
for (let run = 0; run < runs; run++) {
  const copy = structuredClone(schema);
  const start = process.hrtime.bigint();
  const startCpu = cpu();
  new Ajv2020({ strict: false, allErrors: true }).compile(copy);
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
  cpuTimes.push(cpu() - startCpu);
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`application.schema.json: ${(text.length / 1024 / 1024).toFixed(1)} MB`);
console.log(`ajv compile, ${runs} runs: ${times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}; median ${median.toFixed(0)} ms (CPU median ${cpuTimes[Math.floor(cpuTimes.length / 2)].toFixed(0)} ms)`);
console.log(`target ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'NOT met'}`);
