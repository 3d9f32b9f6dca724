// How long ajv takes to compile the editor schema `kurel schemas` publishes (application.schema.json
// and the per-type files under application/ it refers to), the way an editor or a CI check would
// compile it. A measurement, not a test: it prints the sizes (the top file an editor reads before
// the author picks a type, and the whole set), the compile time of each run and the median against
// the 2 s target, and always exits 0.
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
const files = JSON.parse(printed.stdout);
const text = files['application.schema.json'];
const schema = JSON.parse(text);
// The parts, by the relative path the top file's `$ref`s name them with.
const parts = Object.entries(files).filter(([path]) => path.startsWith('application/'));
const setBytes = text.length + parts.reduce((sum, [, part]) => sum + part.length, 0);
const times = [];
const cpuTimes = [];
// CPU time beside wall time: on a shared machine the wall time mostly measures the others' load.
const cpu = () => { const usage = process.cpuUsage(); return (usage.user + usage.system) / 1000; };
for (let run = 0; run < runs; run++) {
  const copy = structuredClone(schema);
  const copies = parts.map(([path, part]) => [path, JSON.parse(part)]);
  const start = process.hrtime.bigint();
  const startCpu = cpu();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  for (const [path, part] of copies) ajv.addSchema(part, path);
  ajv.compile(copy);
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
  cpuTimes.push(cpu() - startCpu);
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`application.schema.json: ${(text.length / 1024).toFixed(0)} KB; with its ${parts.length} parts: ${(setBytes / 1024 / 1024).toFixed(1)} MB`);
console.log(`ajv compile, ${runs} runs: ${times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}; median ${median.toFixed(0)} ms (CPU median ${cpuTimes[Math.floor(cpuTimes.length / 2)].toFixed(0)} ms)`);
console.log(`target ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'NOT met'}`);
