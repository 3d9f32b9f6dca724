import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// The plugin guide, built as a reader would build it: every code block tagged `file=<path>` is
// written to a project folder, the guide's own tests (`*.test.ts` blocks, on the engine tester)
// run here, the snippets type-check against kurel/plugin-api, and each block tagged
// `output=<app>` is what the real CLI prints for `kurel build <app>` in that folder (its error
// output when the build is refused), loading the plugin through the config as a user's run does.
// `KUREL_UPDATE_GUIDE=1` writes the CLI's output into the guide instead of comparing it.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const guidePath = join(repo, 'docs/writing-a-plugin.md');
const guide = readFileSync(guidePath, 'utf8');

interface Block {
  language: string;
  file?: string;
  output?: string;
  body: string;
  /** Where the body starts and ends in the guide. */
  start: number;
  end: number;
}

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const match of markdown.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```$/gm)) {
    const attribute = (name: string) => new RegExp(`\\b${name}=(\\S+)`).exec(match[2])?.[1];
    const start = match.index + match[0].indexOf('\n') + 1;
    blocks.push({ language: match[1], file: attribute('file'), output: attribute('output'), body: match[3], start, end: start + match[3].length });
  }
  return blocks;
}

const blocks = blocksOf(guide);
const files = blocks.filter((block) => block.file !== undefined);
const outputs = blocks.filter((block) => block.output !== undefined);

// Inside the checkout, so that the snippets' imports (vitest) resolve as in a plugin's own project.
mkdirSync(join(repo, '.kurel-cache'), { recursive: true });
const project = mkdtempSync(join(repo, '.kurel-cache/guide-'));
for (const block of files) {
  const path = join(project, block.file!);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, block.body);
}
afterAll(() => rmSync(project, { recursive: true, force: true }));

function kurelBuild(app: string) {
  const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', app], { cwd: project, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return result.status === 0 ? result.stdout : result.stderr;
}

describe('docs/writing-a-plugin.md', () => {
  it('holds a plugin of a trait, a kind and a lowering rule, with their tests, a config and applications to build', () => {
    const names = files.map((block) => block.file);
    expect(names).toEqual(expect.arrayContaining(['kurel.config.ts', 'kurel-plugin-acme/package.json', 'kurel-plugin-acme/index.ts']));
    expect(names.filter((name) => name!.endsWith('.test.ts'))).toHaveLength(3);
    expect(outputs.length).toBeGreaterThanOrEqual(3);
  });

  it('type-checks the plugin and its tests against kurel/plugin-api', () => {
    const base = ts.getParsedCommandLineOfConfigFile(join(repo, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const sources = files.map((block) => join(project, block.file!)).filter((path) => path.endsWith('.ts'));
    const program = ts.createProgram(sources, { ...base.options, noEmit: true, rootDir: undefined, allowImportingTsExtensions: true });
    const messages = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(messages).toEqual([]);
  });

  const updated: Array<{ block: Block; text: string }> = [];
  for (const block of outputs) {
    it(`kurel build ${block.output} prints what the guide shows`, () => {
      const printed = kurelBuild(block.output!);
      if (process.env.KUREL_UPDATE_GUIDE === '1') updated.push({ block, text: printed });
      else expect(printed).toBe(block.body);
    });
  }
  afterAll(() => {
    if (updated.length === 0) return;
    let text = guide;
    for (const { block, text: printed } of updated.sort((a, b) => b.block.start - a.block.start)) text = text.slice(0, block.start) + printed + text.slice(block.end);
    writeFileSync(guidePath, text);
  });
});

// The guide's own tests, on the engine tester: they register here, as the reader's runner would run them.
for (const block of files.filter((b) => b.file!.endsWith('.test.ts'))) await import(pathToFileURL(join(project, block.file!)).href);
