import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { shared } from './shared.js';
import { compileEditorSchema } from '../support/editor-schema.js';

// The editor schema `kurel schemas` publishes accepts every public application of the reference.

const repo = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-public-applications-'));
  // With the redis-sidecar example plugin configured (its example's config), as its applications need.
  const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'schemas', '--output', dir], { cwd: join(repo, 'examples/redis-sidecar'), encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(result.stderr);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every public conformance app.yaml and every reference example application. */
function publicApplications(): string[] {
  const cases = ['conformance/cases', 'conformance/legacy'].flatMap((folder) =>
    readdirSync(join(shared, folder))
      .map((name) => join(shared, folder, name, 'app.yaml'))
      .filter((file) => existsSync(file)),
  );
  const examples = readdirSync(join(shared, 'reference-examples'))
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => join(shared, 'reference-examples', name));
  return [...cases, ...examples, join(shared, 'reference-examples/custom-capability/app.yaml')];
}

// These examples author `helmchart` in its stale meaning, the Helm composite the reference renamed
// `helm`. Today's `helmchart` is the Flux HelmChart kind, whose schema refuses them as written; they
// are read as the `helm` type they became, as the reference-example build tests read them.
const STALE_TYPE_EXAMPLES = ['reference-examples/11-helmchart.yaml', 'reference-examples/14-full-stack.yaml'];

function asToday(name: string, text: string): string {
  return STALE_TYPE_EXAMPLES.includes(name) ? text.replace(/type: helmchart\b/g, 'type: helm') : text;
}

describe('the published application schema', () => {
  it('accepts every public conformance app.yaml and every reference example, package placeholders and plugin traits included', () => {
    const validate = compileEditorSchema(dir);
    const accepted: string[] = [];
    const refused: string[] = [];
    const asWritten: string[] = [];
    for (const file of publicApplications()) {
      const name = relative(shared, file);
      const text = readFileSync(file, 'utf8');
      const documents = parseAllDocuments(asToday(name, text)).map((document) => document.toJS());
      for (const document of documents) (validate(document) ? accepted : refused).push(`${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
      if (STALE_TYPE_EXAMPLES.includes(name) && parseAllDocuments(text).some((document) => !validate(document.toJS()))) asWritten.push(name);
    }
    expect(refused).toEqual([]);
    // As written, the stale examples are refused by today's helmchart (the Flux HelmChart kind).
    expect(asWritten).toEqual(STALE_TYPE_EXAMPLES);
    expect(accepted.length).toBeGreaterThanOrEqual(125);
  });
});
