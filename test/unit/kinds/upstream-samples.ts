import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { ComponentHandler, K8sObject } from 'kurel/plugin-api';
import { builtinTester, rendered as renderedBy } from '../../support/engine.js';

// Upstream's own sample objects, copied from the upstream repository with a provenance.json
// (repository, version, commit, sha256 per file), fed through the family's kinds.

const root = new URL('../../fixtures/upstream-samples/', import.meta.url).pathname;

export interface Sample {
  file: string;
  object: K8sObject & Record<string, unknown>;
}

/** The family's samples, after checking each file's sha256 against its provenance. */
export function upstreamSamples(family: string): Sample[] {
  const folder = join(root, family);
  const provenance = JSON.parse(readFileSync(join(folder, 'provenance.json'), 'utf8')) as { files: Array<{ path: string; sha256: string }> };
  const samples: Sample[] = [];
  for (const { path, sha256 } of provenance.files) {
    const text = readFileSync(join(folder, fileName(path)), 'utf8');
    expect(createHash('sha256').update(text).digest('hex'), `${path}: sha256`).toBe(sha256);
    for (const document of parseAllDocuments(text)) {
      const object = document.toJS();
      if (object && typeof object === 'object') samples.push({ file: path, object });
    }
  }
  expect(readdirSync(folder).filter((name) => name !== 'provenance.json').sort()).toEqual(provenance.files.map((file) => fileName(file.path)).sort());
  return samples;
}

/** Where a sample sits in the fixtures: its upstream path, folders joined by `--`. */
function fileName(path: string): string {
  return path.replaceAll('/', '--');
}

/** The kind of a sample, by apiVersion and kind. */
export function kindOf(kinds: ComponentHandler<any>[], object: K8sObject): ComponentHandler<any> | undefined {
  return kinds.find((kind) => kind.object?.apiVersion === object.apiVersion && kind.object?.kind === object.kind);
}

/** What an author writes for a sample: its spec, or its own fields where the kind takes those. */
export function authoredOf(kind: ComponentHandler<any>, object: K8sObject & Record<string, unknown>): Record<string, unknown> {
  const { apiVersion: _apiVersion, kind: _kind, metadata: _metadata, status: _status, ...fields } = object;
  return 'spec' in kind.properties || !('spec' in fields) ? fields : (fields.spec as Record<string, unknown>);
}

/**
 * Builds every sample of the family's API groups through its kind, one Application each; returns each rendered object
 * with the fields it was authored with. A sample of the groups that no kind takes fails.
 */
export async function buildSamples(kinds: ComponentHandler<any>[], family: string, groups: string[]) {
  const tester = builtinTester('kinds', { namespace: 'samples' });
  const rendered: Array<{ file: string; authored: Record<string, unknown>; object: K8sObject }> = [];
  for (const { file, object } of upstreamSamples(family)) {
    if (!groups.includes(object.apiVersion.split('/')[0])) continue;
    const kind = kindOf(kinds, object);
    expect(kind, `${file}: ${object.apiVersion} ${object.kind} has a kind`).toBeDefined();
    const authored = authoredOf(kind!, object);
    const { objects } = await renderedBy(tester, kind!.type, object.metadata?.name ?? 'sample', structuredClone(authored));
    rendered.push({ file, authored, object: objects[0] });
  }
  return rendered;
}
