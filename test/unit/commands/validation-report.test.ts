import { constants } from 'node:buffer';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DATA_YAML_OPTIONS } from '../../../src/commands/support/data-yaml-options.js';
import { reportFields, writeValidationReport } from '../../../src/commands/support/validation-report.js';
import type { Diagnostic } from '../../../src/engine/index.js';

/** A stream that keeps each write it is handed. */
function collector() {
  const writes: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string, _encoding, done) {
      writes.push(chunk);
      done();
    },
  });
  return { stream, writes };
}

/** What `validate` printed before it wrote a diagnostic at a time: the whole report, written at once by JSON or the yaml library. */
function renderedWhole(valid: boolean, diagnostics: readonly Diagnostic[], format: 'json' | 'yaml') {
  const report = { valid, diagnostics: diagnostics.map(reportFields) };
  return format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : stringify(report, DATA_YAML_OPTIONS);
}

// Messages each of which the YAML writer treats in its own way: quoted, block scalars with and
// without indentation indicators and kept line breaks, document markers, words that read as other
// types, and text JSON escapes.
const MESSAGES = [
  'component "web" (type "webservice"): unsupported field "imagee" (allowed: image, port); did you mean "image"?',
  'two lines\nthe second',
  '  starts with spaces\n    and goes on indented\n',
  'ends with line breaks\n\n\n',
  'an empty line\n\nbetween',
  '- starts like a list item',
  '---\n...\n%YAML',
  'key: value # not a comment',
  "it's 'quoted' and \"double\"",
  'null',
  'true',
  '0x1F',
  '1.5e3',
  '',
  ' ',
  'tab\there, and a control \u0007 character',
  'non-ASCII: Grüße, ✓, 🚀',
  '#!',
  '@at `tick` |pipe >fold *star &amp !bang {brace} [bracket],',
];

function diagnostics(): Diagnostic[] {
  return MESSAGES.map((message, index) => ({
    code: index % 2 === 0 ? 'KUREL_PROPERTY' : 'KUREL_WARNING',
    severity: index % 2 === 0 ? 'error' : 'warning',
    message,
    ...(index % 3 === 0 ? {} : { file: `dir/app ${index}.yaml`, line: index + 1, column: 7, path: `spec.components[${index}].properties.x` }),
    ...(index % 4 === 0 ? { component: 'web', plugin: 'kurel-builtin-components' } : {}),
    ...(index % 5 === 0 ? { refusalClass: 'replica-maximum' } : {}),
  }));
}

describe('writeValidationReport', () => {
  for (const format of ['json', 'yaml'] as const) {
    it(`writes in ${format} the bytes of the whole report rendered at once, for messages of every shape`, async () => {
      const { stream, writes } = collector();
      await writeValidationReport(false, diagnostics(), format, stream);
      expect(writes.join('')).toBe(renderedWhole(false, diagnostics(), format));
    });

    it(`writes in ${format} the bytes of the whole report across the batches it writes diagnostics in`, async () => {
      // Batches of 32: a list that fills one, two, and one that ends part way through its third.
      for (const count of [32, 64, 95]) {
        const many = Array.from({ length: count }, (_, index) => diagnostics()[index % MESSAGES.length]);
        const { stream, writes } = collector();
        await writeValidationReport(false, many, format, stream);
        expect(writes.join('')).toBe(renderedWhole(false, many, format));
      }
    });

    it(`writes in ${format} the report with no diagnostics as rendered at once, and one with a single diagnostic`, async () => {
      for (const [valid, list] of [[true, []], [false, diagnostics().slice(0, 1)]] as const) {
        const { stream, writes } = collector();
        await writeValidationReport(valid, list, format, stream);
        expect(writes.join('')).toBe(renderedWhole(valid, list, format));
      }
    });
  }

  it('writes in yaml the bytes of the whole report where it writes batches itself, and where a batch is the library\'s', async () => {
    const oneLine = diagnostics().filter(({ message }) => !message.includes('\n') && !/[\u0000-\u0008\u000b-\u001f]/.test(message));
    expect(oneLine.length).toBeGreaterThan(10);
    // Two batches of one-line messages, then one with a message over two lines in it.
    const many = Array.from({ length: 70 }, (_, index) => oneLine[index % oneLine.length]);
    many.splice(68, 0, { code: 'KUREL_PROPERTY', severity: 'error', message: 'two lines\nthe second', line: 3 });
    const { stream, writes } = collector();
    await writeValidationReport(false, many, 'yaml', stream);
    expect(writes.join('')).toBe(renderedWhole(false, many, 'yaml'));
  });

  it('writes in yaml a value that follows the same value, or one equal to it but written otherwise, as the whole report does', async () => {
    const place = (column: number, line: number | undefined): Diagnostic => ({ code: 'KUREL_PROPERTY', severity: 'error', message: 'unsupported field "x"', file: 'app.yaml', line, column });
    // -0 is equal to 0 but written as -0; a value left out is written as null, as after a null.
    const many = [place(0, 1), place(0, 1), place(-0, 1), place(-0, undefined), place(0, undefined), place(1.5, 2), place(1.5, 2), place(0, 2)];
    const { stream, writes } = collector();
    await writeValidationReport(false, many, 'yaml', stream);
    expect(writes.join('')).toBe(renderedWhole(false, many, 'yaml'));
    expect(writes.join('')).toContain('    column: -0\n');
  });

  it('hands the stream the report in pieces of 64 KiB and at most a batch of 32 diagnostics more, each piece ending where a diagnostic does', async () => {
    const many = Array.from({ length: 2_000 }, (_, index): Diagnostic => ({ code: 'KUREL_PROPERTY', severity: 'error', message: `unsupported field "extra${index}"`, line: index + 1 }));
    const written = JSON.stringify(reportFields(many[1_999]), null, 2).length;
    const { stream, writes } = collector();
    await writeValidationReport(false, many, 'json', stream);
    expect(writes.length).toBeGreaterThan(2);
    for (const write of writes.slice(0, -1)) {
      expect(write.length).toBeGreaterThanOrEqual(64 * 1024);
      expect(write.length).toBeLessThan(64 * 1024 + 32 * (written + 100));
      expect(write.endsWith('}')).toBe(true);
    }
    expect(JSON.parse(writes.join('')).diagnostics).toHaveLength(2_000);
  });

  it('writes a report longer than the longest string V8 holds', async () => {
    // 60,000 diagnostics sharing one 10,000-character message: 600 million characters in all.
    const message = `unsupported field "x" (allowed: ${'a, '.repeat(3_320)}z)`;
    const many = Array.from({ length: 60_000 }, (_, index): Diagnostic => ({ code: 'KUREL_PROPERTY', severity: 'error', message, line: index + 1 }));
    let length = 0;
    let end = '';
    const stream = new Writable({
      decodeStrings: false,
      write(chunk: string, _encoding, done) {
        length += chunk.length;
        end = (end + chunk.slice(-1_000)).slice(-1_000);
        done();
      },
    });
    await writeValidationReport(false, many, 'json', stream);
    expect(length).toBeGreaterThan(constants.MAX_STRING_LENGTH);
    expect(end.endsWith(`"line": 60000,\n      "column": null,\n      "path": null,\n      "component": null,\n      "plugin": null,\n      "refusalClass": null\n    }\n  ]\n}\n`)).toBe(true);
  }, 60_000);
});
