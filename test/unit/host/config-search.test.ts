import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cosmiconfig } from 'cosmiconfig';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_SEARCH_PLACES, firstSearchedFolder, metaConfigPossible } from '../../../src/host/config/search.js';
import { loadConfig } from '../../../src/host/config/load-config.js';

// The config search starts where cosmiconfig has something to read; what it finds must be what
// cosmiconfig's own search from the application folder finds.

let dirs: string[] = [];

/** A temp tree of the given files (a name ending in `/` is a folder), bounded by a package.yaml at its top. */
async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kurel-config-search-'));
  dirs.push(dir);
  await writeFile(join(dir, 'package.yaml'), 'name: bound\n');
  for (const [file, text] of Object.entries(files)) {
    if (file.endsWith('/')) await mkdir(join(dir, file), { recursive: true });
    else {
      await mkdir(join(dir, file, '..'), { recursive: true });
      await writeFile(join(dir, file), text);
    }
  }
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

/** cosmiconfig's own search, as kurel configures it but for the loaders TypeScript needs. */
async function cosmiconfigFinds(from: string): Promise<string | undefined> {
  const explorer = cosmiconfig('kurel', { searchStrategy: 'project', searchPlaces: CONFIG_SEARCH_PLACES, loaders: { '.ts': () => ({}), '.mts': () => ({}) } });
  return (await explorer.search(from))?.filepath;
}

describe('firstSearchedFolder', () => {
  it('is the nearest folder, upward, holding a search place', async () => {
    const dir = await tree({ 'a/.kurelrc.yaml': 'plugins: []\n', 'a/b/c/app.yaml': 'kind: Application\n' });
    expect(firstSearchedFolder(join(dir, 'a', 'b', 'c'))).toBe(join(dir, 'a'));
    expect(firstSearchedFolder(join(dir, 'a'))).toBe(join(dir, 'a'));
  });

  it('counts a package.json as a place, and stops at a package.yaml', async () => {
    const dir = await tree({ 'p/package.json': '{"name": "p", "kurel": {"plugins": []}}\n', 'p/q/app.yaml': 'kind: Application\n', 'r/app.yaml': 'kind: Application\n' });
    expect(firstSearchedFolder(join(dir, 'p', 'q'))).toBe(join(dir, 'p'));
    expect(firstSearchedFolder(join(dir, 'r'))).toBeUndefined();
  });

  it('ends at a project package.json that is the only place and gives no kurel config', async () => {
    const none = ['{"name": "p"}\n', '{"name": "p", "kurel": null}\n', '  \n', '[]\n'];
    for (const text of none) {
      const dir = await tree({ '.kurelrc.yaml': 'plugins: [above]\n', 'p/package.json': text, 'p/q/': '' });
      expect(firstSearchedFolder(join(dir, 'p', 'q')), text).toBeUndefined();
    }
    const left = ['{"kurel": {}}\n', '{"kurel": false}\n', 'not json\n', 'null\n', '"p"\n'];
    for (const text of left) {
      const dir = await tree({ 'p/package.json': text, 'p/q/': '' });
      expect(firstSearchedFolder(join(dir, 'p', 'q')), text).toBe(join(dir, 'p'));
    }
    const beside = await tree({ 'p/package.json': '{"name": "p"}\n', 'p/.kurelrc.yaml': 'plugins: []\n', 'p/q/': '' });
    expect(firstSearchedFolder(join(beside, 'p', 'q'))).toBe(join(beside, 'p'));
  });

  it('passes over a folder it cannot list', () => {
    expect(firstSearchedFolder(join(tmpdir(), 'kurel-no-such-folder', 'deeper'))).toBe(firstSearchedFolder(tmpdir()));
  });
});

describe('metaConfigPossible', () => {
  it('is true where cosmiconfig could read a meta config in the working folder', async () => {
    expect(metaConfigPossible(await tree({ '.config/': '' }))).toBe(true);
    expect(metaConfigPossible(await tree({}))).toBe(true);
    const withKey = await mkdtemp(join(tmpdir(), 'kurel-meta-'));
    dirs.push(withKey);
    await writeFile(join(withKey, 'package.json'), '{"cosmiconfig": {"searchPlaces": ["kurel.json"]}}\n');
    expect(metaConfigPossible(withKey)).toBe(true);
  });

  it('is false for a package.json without a cosmiconfig key, or no package file at all', async () => {
    const plain = await mkdtemp(join(tmpdir(), 'kurel-meta-'));
    dirs.push(plain);
    expect(metaConfigPossible(plain)).toBe(false);
    await writeFile(join(plain, 'package.json'), '{"name": "app", "kurel": {"plugins": []}}\n');
    expect(metaConfigPossible(plain)).toBe(false);
  });
});

describe('loadConfig finds what cosmiconfig finds', () => {
  const layouts: Record<string, { files: Record<string, string>; from: string }> = {
    'a config in the application folder': { files: { 'app/.kurelrc.yaml': 'plugins: [a]\n' }, from: 'app' },
    'a config two folders up': { files: { 'x/kurel.config.mjs': 'export default { plugins: [] };\n', 'x/y/z/app.yaml': '' }, from: 'x/y/z' },
    'the kurel key of the project package.json': { files: { 'proj/package.json': '{"name": "p", "kurel": {"plugins": ["k"]}}\n', 'proj/apps/app.yaml': '' }, from: 'proj/apps' },
    'nothing past the project root': { files: { 'top/.kurelrc': 'plugins: [above]\n', 'top/proj/package.json': '{"name": "p"}\n', 'top/proj/app/app.yaml': '' }, from: 'top/proj/app' },
    'an empty config, passed over for the one above': { files: { 'u/.kurelrc.yaml': 'plugins: [u]\n', 'u/v/.kurelrc.json': '' }, from: 'u/v' },
    'a folder named like a config, passed over': { files: { 'm/.kurelrc.yaml': 'plugins: [m]\n', 'm/n/.kurelrc/': '' }, from: 'm/n' },
    'no config at all': { files: { 'lone/app.yaml': '' }, from: 'lone' },
    'a kurel key of null in the project package.json': { files: { 'top/.kurelrc': 'plugins: [above]\n', 'top/nk/package.json': '{"name": "p", "kurel": null}\n', 'top/nk/app/': '' }, from: 'top/nk/app' },
    'a blank project package.json': { files: { 'top/.kurelrc': 'plugins: [above]\n', 'top/bl/package.json': ' \n', 'top/bl/app/': '' }, from: 'top/bl/app' },
    'a project package.json holding a list': { files: { 'top/.kurelrc': 'plugins: [above]\n', 'top/ls/package.json': '[]\n' }, from: 'top/ls' },
  };
  for (const [name, { files, from }] of Object.entries(layouts)) {
    it(name, async () => {
      const dir = await tree(files);
      const searchFrom = join(dir, from);
      expect((await loadConfig({ searchFrom })).file).toBe(await cosmiconfigFinds(searchFrom));
    });
  }

  it('refuses a project package.json that does not parse, as cosmiconfig does', async () => {
    const dir = await tree({ 'bad/package.json': '{"name": \n', 'bad/app/': '' });
    await expect(cosmiconfigFinds(join(dir, 'bad', 'app'))).rejects.toThrow();
    await expect(loadConfig({ searchFrom: join(dir, 'bad', 'app') })).rejects.toThrow(/reading plugin config/);
  });

  it('finds the configs of these layouts where it should', async () => {
    const dir = await tree({ 'x/kurel.config.mjs': 'export default { plugins: [] };\n', 'x/y/app.yaml': '' });
    expect((await loadConfig({ searchFrom: join(dir, 'x', 'y') })).file).toBe(join(dir, 'x', 'kurel.config.mjs'));
  });
});
