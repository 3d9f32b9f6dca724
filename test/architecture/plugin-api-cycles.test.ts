import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The plugin API reads in one direction: each file leans only on files below it, so a reader (or a
// plugin author following a type) never walks in a circle. Type-only imports count: a circle of
// types is as hard to read as one of values.

const root = fileURLToPath(new URL('../../', import.meta.url));
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

const repoPath = (path: string) => relative(root, path).split(sep).join('/');

/** Each file of the folder and the files of ours it imports, by path from the repository root. */
function importGraph(folder: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(join(root, folder))) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => repoPath(resolve(dirname(file), (match[1] ?? match[2]).replace(/\.js$/, '.ts'))));
    graph.set(repoPath(file), targets);
  }
  return graph;
}

/** Every circle of the graph, each as the files along it, the first repeated at the end. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') found.push([...path.slice(path.indexOf(target)), target]);
      else if (!state.has(target)) visit(target);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

describe('the plugin API import graph', () => {
  it('has no circle, type-only imports included', () => {
    expect(cycles(importGraph('src/plugin-api')).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
