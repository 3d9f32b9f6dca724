import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/** The files of the editor schema under `dir` (a `kurel schemas` output), by the relative paths its `$ref`s name them with. */
export function editorSchemaFiles(dir: string): Map<string, Record<string, unknown>> {
  const files = new Map<string, Record<string, unknown>>([['application.schema.json', JSON.parse(readFileSync(join(dir, 'application.schema.json'), 'utf8'))]]);
  const parts = readdirSync(join(dir, 'application'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.schema.json'));
  for (const name of parts.sort()) files.set(`application/${name}`, JSON.parse(readFileSync(join(dir, 'application', name), 'utf8')));
  return files;
}

/** The editor schema compiled in strict mode, its parts added under the paths its `$ref`s name. */
export function compileEditorSchema(dir: string): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const files = editorSchemaFiles(dir);
  for (const [path, schema] of files) if (path !== 'application.schema.json') ajv.addSchema(schema, path);
  return ajv.compile(files.get('application.schema.json')!);
}
