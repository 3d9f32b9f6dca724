import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileEditorSchema, editorSchemaFiles } from '../support/editor-schema.js';
import { kurelIn, repo, scratchFolder } from './support.js';

// The editor schema is split by type: an editor reads a small top file before the author picks a
// type, and each type's file (and the shapes it shares) by a relative `$ref`, from a folder or a
// web server alike.

const scratch = scratchFolder('kurel-editor-schema-');
const out = () => join(scratch.dir, 'schemas');

beforeAll(() => {
  // With the redis-sidecar example plugin configured (its example's config), as its app.yaml needs.
  const result = kurelIn(join(repo, 'examples/redis-sidecar'), ['schemas', '--output', out()]);
  if (result.status !== 0) throw new Error(result.stderr);
});

/** Every `$ref` in a schema. */
function refsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const member of node) refsOf(member, found);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsOf(value, found);
    }
  }
  return found;
}

const examples = ['helm-template', 'package', 'redis-sidecar', 'shop', 'webservice'].map((name) => `examples/${name}/app.yaml`);

describe('the editor schema kurel schemas writes', () => {
  it('has a top file under 200 KB, referring to each type by its own file', () => {
    const top = join(out(), 'application.schema.json');
    expect(statSync(top).size).toBeLessThan(200 * 1024);
    const refs = refsOf(JSON.parse(readFileSync(top, 'utf8')));
    expect(refs).toContain('application/components/webservice.schema.json');
    expect(refs).toContain('application/traits/scaler.schema.json');
    expect(refs).toContain('application/policies/dependency.schema.json');
  });

  it('writes a file for every $ref, relative to the file holding it', () => {
    const files = editorSchemaFiles(out());
    const missing: string[] = [];
    for (const [path, schema] of files) {
      for (const ref of refsOf(schema)) {
        const [target, fragment] = ref.split('#');
        // Resolved as an editor does: against the URL the referring file was read from.
        const resolved = new URL(target, new URL(path, 'file:///schemas/')).pathname.slice('/schemas/'.length);
        if (target === '' ? fragment === undefined : !files.has(resolved)) missing.push(`${path}: ${ref}`);
      }
    }
    expect(files.size).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it("accepts every example's app.yaml and rejects a misspelt property at its path", () => {
    const validate = compileEditorSchema(out());
    for (const example of examples) {
      expect(validate(parse(readFileSync(join(repo, example), 'utf8'))), `${example}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const app = parse(readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8'));
    app.spec.components[0].properties.imag = 'x';
    expect(validate(app)).toBe(false);
    expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath: '/spec/components/0/properties', keyword: 'additionalProperties', params: { additionalProperty: 'imag' } }));
  });

  it('folds the doc page of a Pod into a table per nested object, a repeated shape written once', () => {
    const page = readFileSync(join(out(), 'docs/components/pod.md'), 'utf8');
    // One row per property at every depth made it 322 KB.
    expect(page.length).toBeLessThan(200 * 1024);
    expect(page).toContain('| `containers` | object[] ([fields](#property-containers-items)) | yes |');
    expect(page).toContain('### `containers[]`');
    expect(page).toContain('| `initContainers` | object[] ([fields](#property-containers-items)) |');
  });

  describe('loaded by URL, as an editor loads it', () => {
    let server: Server;
    let http = '';
    beforeAll(async () => {
      server = createServer((request, response) => {
        try {
          response.end(readFileSync(join(out(), decodeURIComponent(new URL(request.url!, 'http://host').pathname))));
        } catch {
          response.statusCode = 404;
          response.end();
        }
      });
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
      http = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

    const load = {
      'file://': { base: () => pathToFileURL(`${out()}/`).href, read: async (url: string) => readFileSync(fileURLToPath(url), 'utf8') },
      'http://': { base: () => http, read: async (url: string) => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.text();
      } },
    };
    for (const [scheme, { base, read }] of Object.entries(load)) {
      it(`reaches every part from the top file by its relative $refs, from ${scheme}`, async () => {
        // Followed as an editor follows them: each against the URL of the file that holds it.
        const topUrl = new URL('application.schema.json', base()).href;
        const seen = new Set<string>([topUrl]);
        const queue = [topUrl];
        while (queue.length > 0) {
          const url = queue.shift()!;
          for (const ref of refsOf(JSON.parse(await read(url)))) {
            const target = new URL(ref, url);
            target.hash = '';
            if (!seen.has(target.href)) {
              seen.add(target.href);
              queue.push(target.href);
            }
          }
        }
        const reached = [...seen].map((url) => url.slice(base().length)).sort();
        expect(reached).toEqual([...editorSchemaFiles(out()).keys()].sort());
      });
    }
  });
});
