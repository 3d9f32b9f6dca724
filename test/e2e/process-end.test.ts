import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';
import { environmentWithout, repo, scratchFolder } from './support.js';

// bin/kurel ends the process with process.exit once the event loop has nothing left to do,
// instead of letting Node tear its environment and heap down. Node's --trace-exit tells the two
// apart: it prints a warning, with the code, for an exit by process.exit and nothing for the
// other.

const scratch = scratchFolder('kurel-process-end-');
const example = readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8');
const EXITED = /WARNING: Exited the environment with code (\d+)/;

/** bin/kurel run through sh in `folder` of the scratch folder, Node tracing process.exit. */
function run(folder: string, args: string[]) {
  const cwd = join(scratch.dir, folder);
  return spawnSync(join(repo, 'bin/kurel'), args, {
    cwd,
    env: environmentWithout(['NODE_OPTIONS'], { NODE_OPTIONS: '--trace-exit' }),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** `folder` with `app` as app.yaml, and a config loading `plugin` (its text) if given. */
function project(folder: string, app: string, plugin?: string): void {
  const dir = join(scratch.dir, folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'app.yaml'), app);
  if (plugin === undefined) return;
  writeFileSync(join(dir, 'plugin.mjs'), plugin);
  writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./plugin.mjs'] }));
}

/**
 * A plugin of no elements that writes `marker` a timer after the event loop first empties: work
 * that keeps the process alive past 'beforeExit', which ending there would cut off.
 */
const listeningPlugin = (marker: string) => `import { writeFileSync } from 'node:fs';
let flushed = false;
process.on('beforeExit', () => {
  if (!flushed) setTimeout(() => writeFileSync(${JSON.stringify(marker)}, 'flushed'), 10);
  flushed = true;
});
export default { meta: { name: 'acme-flush', version: '1.0.0', kurelApi: '^${KUREL_API_VERSION}' } };
`;

describe('the end of a run', () => {
  it("comes by process.exit once the work is done, with the output of Node's own end", () => {
    project('plain', example);
    const marker = join(scratch.dir, 'listening', 'flushed.txt');
    project('listening', example, listeningPlugin(marker));
    const ended = run('plain', ['build', 'app.yaml']);
    const endedByNode = run('listening', ['build', 'app.yaml']);
    expect(ended.status, ended.stderr).toBe(0);
    expect(EXITED.exec(ended.stderr)?.[1]).toBe('0');
    expect(endedByNode.status, endedByNode.stderr).toBe(0);
    expect(ended.stdout).toMatch(/^kind: Deployment$/m);
    expect(ended.stdout).toBe(endedByNode.stdout);
  });

  it('keeps the exit code of a run that fails', () => {
    project('misspelt', example.replace('type: webservice', 'type: webservise'));
    const result = run('misspelt', ['validate', 'app.yaml']);
    expect(result.status).toBe(1);
    expect(EXITED.exec(result.stderr)?.[1]).toBe('1');
    expect(result.stderr).toMatch(/webservise/);
  });

  it("is left to Node where a plugin listens for 'beforeExit', and the plugin's work there is done", () => {
    const marker = join(scratch.dir, 'own-end', 'flushed.txt');
    project('own-end', example, listeningPlugin(marker));
    const result = run('own-end', ['build', 'app.yaml']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(EXITED);
    expect(existsSync(marker) && readFileSync(marker, 'utf8')).toBe('flushed');
  });
});
