import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { kustomize } from '../support/k8s-tools.js';

type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; annotations?: Record<string, string> } };
/** A layout's plan as `explain --json` gives it: the objects that apply folders are Flux Kustomizations or Argo CD Applications. */
interface Plan {
  top: string;
  kustomizations?: Array<{ name: string; path: string; file: string }>;
  applications?: Array<{ name: string; path: string; file: string }>;
}

/** The annotations through which each delivery tool reads the delivery intents: the tree's alone. */
const DELIVERY_KEYS = ['kustomize.toolkit.fluxcd.io/prune', 'kustomize.toolkit.fluxcd.io/force', 'argocd.argoproj.io/sync-options'];

function parse(yaml: string): Obj[] {
  return parseAllDocuments(yaml)
    .map((document) => document.toJS() as Obj | null)
    .filter((object): object is Obj => object !== null);
}

const key = (object: Obj) => `${object.apiVersion} ${object.kind} ${object.metadata.namespace ?? ''}/${object.metadata.name}`;

/** Key order does not matter to Kubernetes: compare objects with their keys sorted. */
function canonical(value: unknown): string {
  const sort = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(sort);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sort(v)]));
    return node;
  };
  return JSON.stringify(sort(value));
}

/** The object as `kurel build` prints it, without the delivery annotations the tree adds. */
function withoutDelivery(object: Obj): Obj {
  const annotations = { ...(object.metadata.annotations ?? {}) };
  for (const name of DELIVERY_KEYS) delete annotations[name];
  const metadata = { ...object.metadata, annotations };
  if (Object.keys(annotations).length === 0) delete (metadata as Partial<Obj['metadata']>).annotations;
  return { ...object, metadata };
}

/**
 * Builds the tree as Flux or Argo CD would, with the real kustomize: the top folder (what the
 * bootstrap or the root Application applies) and every folder a generated Kustomization or
 * Application applies. The top yields only generated objects; every object appears under exactly
 * one of the builds; and together they hold exactly `kurel build`'s objects plus the generated
 * ones. Returns the union.
 */
export function checkTreeWithKustomize(out: string, plan: Plan, buildStdout: string): Obj[] {
  const appliers = plan.kustomizations ?? plan.applications ?? [];
  expect(appliers.length).toBeGreaterThan(0);
  const generated = appliers.map((kustomization) => parse(readFileSync(join(out, kustomization.file), 'utf8'))[0]);
  const generatedKeys = new Set(generated.map(key));
  const top = parse(kustomize(join(out, plan.top)));
  expect(top.length).toBeGreaterThan(0);
  for (const object of top) expect(generatedKeys.has(key(object)), `the top applies ${key(object)}`).toBe(true);
  const builds = [top, ...appliers.map((applier) => parse(kustomize(join(out, applier.path))))];
  const union = builds.flat();
  const seen = new Map<string, number>();
  for (const object of union) seen.set(key(object), (seen.get(key(object)) ?? 0) + 1);
  for (const [name, count] of seen) expect(count, `${name} is applied ${count} times`).toBe(1);
  const expected = [...parse(buildStdout), ...generated].map(canonical).sort();
  expect(union.map(withoutDelivery).map(canonical).sort()).toEqual(expected);
  return union;
}
