import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { ComponentHandler } from 'kurel/plugin-api';

/** The handler of a type in a family table; fails the test when the table lacks it. */
export function handlerOf(kinds: ComponentHandler<any>[], type: string): ComponentHandler<any> {
  const handler = kinds.find((candidate) => candidate.type === type);
  if (!handler) throw new Error(`no kind "${type}" in the table`);
  return handler;
}

/** The metadata a kind component's object carries before the engine adds the component label. */
export function meta(name: string, namespace: string | undefined = 'default') {
  return namespace === undefined ? { name } : { name, namespace };
}

let crdKinds: Set<string> | undefined;

/**
 * Whether the kind's schema is generated from an upstream CRD (crds/<family>/): such a schema
 * describes what upstream describes, no more.
 */
export function generatedFromCrd(handler: ComponentHandler<any>): boolean {
  crdKinds ??= readCrdKinds();
  return handler.object !== undefined && crdKinds.has(`${handler.object.apiVersion.split('/')[0]}/${handler.object.kind}`);
}

function readCrdKinds(): Set<string> {
  const root = new URL('../../../plugins/builtin-kinds/crds/', import.meta.url).pathname;
  const kinds = new Set<string>();
  for (const family of readdirSync(root)) {
    for (const file of readdirSync(join(root, family)).filter((name) => /\.ya?ml$/.test(name))) {
      for (const document of parseAllDocuments(readFileSync(join(root, family, file), 'utf8'))) {
        const crd = document.toJS();
        if (crd?.kind === 'CustomResourceDefinition') kinds.add(`${crd.spec.group}/${crd.spec.names.kind}`);
      }
    }
  }
  return kinds;
}
