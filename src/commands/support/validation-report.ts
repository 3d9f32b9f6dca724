import type { Diagnostic } from '../../engine/index.js';
import { DATA_YAML_OPTIONS } from './output.js';
import { writeInChunks, type Output } from './report.js';

/** The fields of a diagnostic in a report: every one present, null when it does not apply. */
export function reportFields({ severity, code, message, file, line, column, path, component, plugin, refusalClass }: Diagnostic) {
  return { severity, code, message, file: file ?? null, line: line ?? null, column: column ?? null, path: path ?? null, component: component ?? null, plugin: plugin ?? null, refusalClass: refusalClass ?? null };
}

/** A diagnostic's fields as a piece of the report is written from. */
function piece(diagnostic: Diagnostic) {
  const fields = reportFields(diagnostic);
  fields.message = detached(fields.message);
  return fields;
}

/**
 * Writes `validate`'s report, `{ valid, diagnostics }`, as JSON indented by two or as a YAML
 * document: the bytes `renderData` gives for it, one diagnostic at a time. A file refused at each
 * of its keys has a diagnostic per key, and such a report made whole as one string passes the
 * longest string V8 holds (some 512 MB) at about 400,000 of them.
 */
export async function writeValidationReport(valid: boolean, diagnostics: readonly Diagnostic[], format: 'json' | 'yaml', stream: Output = process.stdout): Promise<void> {
  await writeInChunks(format === 'json' ? jsonReport(valid, diagnostics) : yamlReport(valid, diagnostics, (await import('yaml')).stringify), stream);
}

/**
 * `text` as a string of its own. Messages share their parts (a refused object's keys share the end
 * of theirs: the allowed fields), and V8 flattens a string it writes as JSON or YAML in place: the
 * message would then hold a copy of itself, a gigabyte for the million refusals of a 20 MB file,
 * for as long as its diagnostic lives. The copy is made of a string made here, and lives as long
 * as the piece written.
 */
function detached(text: string): string {
  return `${text} `.slice(0, -1);
}

/** The report as `JSON.stringify(report, null, 2)` writes it, a diagnostic at a time. */
function* jsonReport(valid: boolean, diagnostics: readonly Diagnostic[]): Generator<string> {
  if (diagnostics.length === 0) {
    yield `{\n  "valid": ${valid},\n  "diagnostics": []\n}\n`;
    return;
  }
  yield `{\n  "valid": ${valid},\n  "diagnostics": [\n`;
  let separator = '';
  for (const diagnostic of diagnostics) {
    // JSON writes a line break in a string as `\n`: each line break here starts a line of its own.
    yield `${separator}    ${JSON.stringify(piece(diagnostic), null, 2).replaceAll('\n', '\n    ')}`;
    separator = ',\n';
  }
  yield '\n  ]\n}\n';
}

/**
 * The report as the yaml library writes it: each diagnostic written as a list of one, moved in
 * under `diagnostics:` (a block scalar's lines with it; empty lines stay empty, as the library
 * leaves them).
 */
function* yamlReport(valid: boolean, diagnostics: readonly Diagnostic[], stringify: typeof import('yaml').stringify): Generator<string> {
  if (diagnostics.length === 0) {
    yield stringify({ valid, diagnostics: [] }, DATA_YAML_OPTIONS);
    return;
  }
  yield `valid: ${valid}\ndiagnostics:\n`;
  for (const diagnostic of diagnostics) yield stringify([piece(diagnostic)], DATA_YAML_OPTIONS).replace(/^(?=.)/gm, '  ');
}
