import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from './support.js';

// An Application written as JSON over many lines, as JSON tools print it, is read without the YAML
// library's whole reading, and answered as that reading answers it: the same manifests, and a
// refusal at the same file, line, column and path.

const scratch = scratchFolder('kurel-json-');

/** Runs `kurel build app.json` on the same text twice: as written, and with a trailing comment that only the YAML library reads. */
function buildBothWays(text: string, config = '') {
  return ['as-json', 'as-yaml'].map((folder) => {
    const dir = join(scratch.dir, folder);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.kurelrc.yaml'), config || 'limits: {}\n');
    writeFileSync(join(dir, 'app.json'), folder === 'as-json' ? text : `${text}# a comment: not JSON, still YAML\n`);
    return kurelIn(dir, ['build', 'app.json']);
  });
}

const example = parse(readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8'));

describe('an Application written as JSON over many lines', () => {
  it('builds the manifests its YAML builds', () => {
    const [json, library] = buildBothWays(`${JSON.stringify(example, null, 2)}\n`);
    expect(json.status, json.stderr).toBe(0);
    expect(json.stdout).toBe(library.stdout);
    const yaml = kurelIn(repo, ['build', 'examples/webservice/app.yaml']);
    expect(json.stdout).toBe(yaml.stdout);
  });

  it('refuses a property where the library places it: the key\'s line and column, and its path', () => {
    const broken = structuredClone(example);
    broken.spec.components[0].properties.port = 'eighty';
    const text = `${JSON.stringify(broken, null, 4)}\n`;
    const [json, library] = buildBothWays(text);
    expect(json.status).toBe(1);
    expect(json.stderr).toBe(library.stderr);
    const line = text.split('\n').findIndex((row) => row.includes('"port"')) + 1;
    expect(json.stderr).toMatch(new RegExp(`^Error: app\\.json:${line}:\\d+ spec\\.components\\[0\\]\\.properties\\.port: `));
  });

  it('refuses a key repeated in one object, at the second one', () => {
    const text = `${JSON.stringify(example, null, 2).replace('"kind": "Application",', '"kind": "Application",\n  "kind": "Application",')}\n`;
    const [json] = buildBothWays(text);
    expect(json.status).toBe(1);
    expect(json.stderr).toBe('Error: app.json:4:3: YAML syntax error: Map keys must be unique\n');
  });

  it('refuses more components than the limit at the first one past it', () => {
    const many = { ...example, spec: { components: Array.from({ length: 4 }, (_, index) => ({ name: `c${index}`, type: 'configmap', properties: { data: { a: '1' } } })) } };
    const [json, library] = buildBothWays(`${JSON.stringify(many, null, 2)}\n`, 'limits:\n  components: 3\n');
    expect(json.status).toBe(1);
    expect(json.stderr).toBe(library.stderr);
    expect(json.stderr).toMatch(/^Error: app\.json:\d+:7 spec\.components\[3\]: component 4: over the limit of 3 components per Application/);
  });
});
