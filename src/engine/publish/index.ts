import type { SealedRegistry } from '../registry.js';
import { referenceDocs } from './reference-docs.js';
import { clusterProfilePage, clusterProfileSchema } from './cluster-profile.js';
import { folderOf, publishedTypes, type PublishedType } from './schema-set.js';
import { applicationSchemaFiles } from './application-schema.js';
import { shareRepeatedShapes } from './shared-defs.js';
import { documentFiles } from './documents.js';

export { publishedTypes, type PublishedType } from './schema-set.js';
export { applicationSchemaFiles, applicationPartFile, APPLICATION_SCHEMA_FILE } from './application-schema.js';
export { propertiesToJsonSchema, type JsonSchema } from './json-schema.js';
export { exampleDocument } from './reference-docs.js';
export { PUBLISHED_DOCUMENTS, type PublishedDocument } from './documents.js';

/**
 * What the sealed registry knows, as files: one JSON Schema per component, trait and policy type,
 * the Application schema for editors, and the Markdown reference. Paths are relative.
 */
export function publishSchemas(registry: SealedRegistry): { types: PublishedType[]; files: Record<string, string> } {
  const types = publishedTypes(registry);
  const files: Record<string, string> = {};
  for (const entry of types) files[`${folderOf(entry.position)}/${entry.type}.schema.json`] = json(shareRepeatedShapes(entry.schema));
  // Written compact: the parts hold every type's schema, and indenting that many levels triples their size.
  for (const [path, schema] of Object.entries(applicationSchemaFiles(types))) files[path] = `${JSON.stringify(schema)}\n`;
  Object.assign(files, referenceDocs(types, (entry) => entry.example));
  files['clusterprofile.schema.json'] = json(clusterProfileSchema());
  files['docs/clusterprofile.md'] = clusterProfilePage();
  Object.assign(files, documentFiles());
  return { types, files };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
