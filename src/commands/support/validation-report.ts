import type { Diagnostic } from '../../engine/index.js';
import { DATA_YAML_OPTIONS } from './data-yaml-options.js';
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
 * document: the bytes `JSON.stringify` or the yaml library gives for it whole, a batch of
 * diagnostics at a time. A file refused at each of its keys has a diagnostic per key, and such a
 * report made whole as one string passes the longest string V8 holds (some 512 MB).
 */
export async function writeValidationReport(valid: boolean, diagnostics: readonly Diagnostic[], format: 'json' | 'yaml', stream: Output = process.stdout): Promise<void> {
  if (format === 'json') return writeInChunks(jsonReport(valid, diagnostics), stream);
  const [{ stringify }, { topListItemWriter }] = await Promise.all([import('yaml'), import('./data-yaml.js')]);
  await writeInChunks(yamlReport(valid, diagnostics, stringify, topListItemWriter), stream);
}

/**
 * `text` as a string of its own. Messages share their parts (a refused object's keys share the end
 * of theirs), and V8 flattens a string it writes as JSON, or tests with a pattern, in place: the
 * message would then hold a copy of itself for as long as its diagnostic lives. The copy is made of a string made here, and lives as long
 * as the piece written.
 */
function detached(text: string): string {
  return `${text} `.slice(0, -1);
}

/**
 * How many diagnostics one call of the writer writes: each call pays for itself and for a copy of
 * its text indented anew, so diagnostics go a batch at a time; a larger batch writes no faster
 * (bench/README.md, "Input limits"), and each is held whole while it is written.
 */
const BATCH = 32;

/**
 * The report as `JSON.stringify(report, null, 2)` writes it, a batch of diagnostics at a time:
 * each batch written as the whole report with only its diagnostics, and cut out of it, indented as
 * they are in the whole.
 */
function* jsonReport(valid: boolean, diagnostics: readonly Diagnostic[]): Generator<string> {
  if (diagnostics.length === 0) {
    yield `${JSON.stringify({ valid, diagnostics: [] }, null, 2)}\n`;
    return;
  }
  const head = `{\n  "valid": ${valid},\n  "diagnostics": [\n`;
  const tail = '\n  ]\n}';
  yield head;
  let separator = '';
  for (const batch of batches(diagnostics)) {
    yield `${separator}${JSON.stringify({ valid, diagnostics: batch }, null, 2).slice(head.length, -tail.length)}`;
    separator = ',\n';
  }
  yield `${tail}\n`;
}

/** The report as the yaml library writes it, a batch of diagnostics at a time. */
function* yamlReport(valid: boolean, diagnostics: readonly Diagnostic[], stringify: typeof import('yaml').stringify, topListItemWriter: typeof import('./data-yaml.js').topListItemWriter): Generator<string> {
  if (diagnostics.length === 0) {
    yield stringify({ valid, diagnostics: [] }, DATA_YAML_OPTIONS);
    return;
  }
  yield `valid: ${valid}\ndiagnostics:\n`;
  const item = topListItemWriter('diagnostics', stringify);
  for (const batch of batches(diagnostics)) {
    let text = '';
    for (const fields of batch) text += item(fields);
    yield text;
  }
}

/** The diagnostics' fields, `BATCH` at a time, made as each batch is written. */
function* batches(diagnostics: readonly Diagnostic[]): Generator<Array<ReturnType<typeof piece>>> {
  for (let from = 0; from < diagnostics.length; from += BATCH) yield diagnostics.slice(from, from + BATCH).map(piece);
}
