import type { ObjectDiff, TreeDiff } from '../../engine/index.js';
import { writeInChunks } from './report.js';

/** What `kurel diff` found: a tree compared file by file, or two object sets. */
export type DiffResult = { tree: TreeDiff } | { objects: ObjectDiff };

/**
 * The JSON document `kurel diff --format json` prints (docs/diff.md):
 *   trees:   { same, files: [{ path, status, patch? | objects?: [{ object, status, patch }], moved? }] }
 *   objects: { same, objects: [{ object, status, patch }], moved: [...] }
 */
function diffDocument(result: DiffResult): unknown {
  if ('tree' in result) return result.tree;
  const { same, changes, moved } = result.objects;
  return { same, objects: changes, moved };
}

/** The text of the differences: unified diffs in git diff's shape, then a `moved …` line per object that only changed place. */
function* diffLines(result: DiffResult): Generator<{ patch: string } | { line: string }> {
  if ('objects' in result) {
    for (const change of result.objects.changes) yield { patch: change.patch };
    for (const line of result.objects.moved) yield { line: `moved ${line}\n` };
    return;
  }
  for (const file of result.tree.files) {
    if (file.patch !== undefined) yield { patch: file.patch };
    for (const change of file.objects ?? []) yield { patch: change.patch };
    for (const line of file.moved ?? []) yield { line: `moved ${file.path}: ${line}\n` };
  }
}

/**
 * Prints the differences on stdout, as text or JSON. Text is coloured (removed lines red, added
 * green, hunk headers cyan) only where stdout is a terminal as chalk sees it (`FORCE_COLOR`
 * follows chalk's rules) and NO_COLOR is unset or empty (no-color.org), so that piped output and
 * files stay plain.
 */
export async function printDiff(result: DiffResult, format: string): Promise<void> {
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(diffDocument(result), null, 2)}\n`);
    return;
  }
  const colour = await patchColourer();
  await writeInChunks((function* () {
    for (const piece of diffLines(result)) yield 'patch' in piece ? colour(piece.patch) : piece.line;
  })(), process.stdout);
}

async function patchColourer(): Promise<(patch: string) => string> {
  if (process.env.NO_COLOR) return (patch) => patch;
  const { default: chalk } = await import('chalk');
  if (chalk.level === 0) return (patch) => patch;
  const paint = (line: string): string => {
    if (line.startsWith('--- ') || line.startsWith('+++ ')) return chalk.bold(line);
    if (line.startsWith('@@')) return chalk.cyan(line);
    if (line.startsWith('-')) return chalk.red(line);
    if (line.startsWith('+')) return chalk.green(line);
    return line;
  };
  return (patch) => patch.split('\n').map(paint).join('\n');
}
