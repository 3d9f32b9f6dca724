import * as Flags from '@oclif/core/flags';

/**
 * The output convention every command follows: `-o/--output DIR` names a folder to write, and
 * `--format` chooses how printed data looks. kubectl users type `-o json`; a folder named after a
 * format is refused rather than created.
 */
const FORMAT_WORDS = new Set(['json', 'yaml', 'yml', 'wide', 'name']);

/** `--format` with the formats a command can print, the first being the default. */
export function formatFlag<const Format extends string>(formats: readonly [Format, ...Format[]], what: string) {
  return Flags.option({ options: formats, default: formats[0], description: `how to print ${what}` })();
}

/** `-o/--output DIR`: the folder a command writes. */
export function outputFlag(description: string) {
  return Flags.string({ char: 'o', description: `${description} (a folder: for JSON or YAML on stdout use --format)`, helpValue: 'DIR' });
}

/**
 * The folder named by `-o`, refused when it reads as kubectl's output format or names nothing.
 * `-o -` is standard output, as `-` is for every file kurel reads: undefined, the same as no `-o`.
 */
export async function outputFolder(output: string): Promise<string | undefined> {
  if (output === '-') return undefined;
  if (output.trim() === '') {
    const { kurelErrors } = await import('../../engine/index.js');
    throw kurelErrors.flag('-o requires a folder name (or - for standard output)');
  }
  const word = output.toLowerCase();
  if (FORMAT_WORDS.has(word) || word.startsWith('jsonpath') || word.startsWith('go-template') || word.startsWith('custom-columns')) {
    const { kurelErrors } = await import('../../engine/index.js');
    throw kurelErrors.flag(`-o ${output}: -o/--output names the folder to write; to print ${output}, use --format ${word === 'yml' ? 'yaml' : output} (a folder of that name is written as ./${output})`);
  }
  return output;
}

/** Data as the format asks: JSON indented by two, or a YAML document. */
export async function renderData(data: unknown, format: string): Promise<string> {
  if (format === 'json') return `${JSON.stringify(data, null, 2)}\n`;
  const [{ stringify }, { stringifyData }] = await Promise.all([import('yaml'), import('./data-yaml.js')]);
  return stringifyData(data, stringify);
}

/** Every write says what it wrote, on stderr, so stdout stays the data. */
export function reportWritten(what: string): void {
  process.stderr.write(`wrote ${what}\n`);
}

/** Which of the packages named a shard took: a shard may take none, and write nothing. */
export function reportShard(shard: { index: number; count: number }, packages: { built: number; named: number }): void {
  process.stderr.write(`shard ${shard.index}/${shard.count}: ${packages.built} of ${packages.named} ${packages.named === 1 ? 'package' : 'packages'}${packages.built === 0 ? ', nothing to write' : ''}\n`);
}

/** What a write took out of a tree: an owner's files it no longer writes, or an owner pruned. */
export function reportRemoved({ owner, files }: { owner: { package: string; environment?: string }; files: readonly string[] }): void {
  const who = owner.environment === undefined ? owner.package : `${owner.package} (${owner.environment})`;
  process.stderr.write(`removed ${files.length} ${files.length === 1 ? 'file' : 'files'} of ${who}: ${files.join(', ')}\n`);
}
