import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';
import { environmentWithout, kurelIn, repo, scratchFolder } from './support.js';

// bin/kurel ends the process with process.exit once the event loop has nothing left to do,
// instead of letting Node tear its environment and heap down. Node's --trace-exit tells the two
// apart: it prints a warning, with the code, for an exit by process.exit and nothing for the
// other.

const scratch = scratchFolder('kurel-process-end-');
const example = readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8');
const EXITED = /WARNING: Exited the environment with code (\d+)/;

/** bin/kurel run through sh in the scratch folder, with Node tracing exits by process.exit. */
const run = (args: string[]) =>
  spawnSync(join(repo, 'bin/kurel'), args, {
    cwd: scratch.dir,
    env: environmentWithout(['NODE_OPTIONS'], { NODE_OPTIONS: '--trace-exit' }),
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('the end of a run', () => {
  it('comes by process.exit once the work is done, the output written whole', () => {
    writeFileSync(join(scratch.dir, 'app.yaml'), example);
    const result = run(['build', 'app.yaml']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(EXITED);
    expect(EXITED.exec(result.stderr)?.[1]).toBe('0');
    expect(result.stdout).toBe(kurelIn(scratch.dir, ['build', 'app.yaml']).stdout);
    expect(result.stdout).toMatch(/^kind: Deployment$/m);
  });

  it('keeps the exit code of a run that fails', () => {
    writeFileSync(join(scratch.dir, 'misspelt.yaml'), example.replace('type: webservice', 'type: webservise'));
    const result = run(['validate', 'misspelt.yaml']);
    expect(result.status).toBe(1);
    expect(EXITED.exec(result.stderr)?.[1]).toBe('1');
    expect(result.stderr).toMatch(/webservise/);
  });

  it("is left to Node where a plugin listens for 'beforeExit', and the plugin's work there is done", () => {
    // The plugin writes its marker a timer after the loop first empties: work that keeps the
    // process alive past 'beforeExit', which ending there would cut off.
    const marker = join(scratch.dir, 'flushed.txt');
    writeFileSync(
      join(scratch.dir, 'flush-plugin.mjs'),
      `import { writeFileSync } from 'node:fs';
let flushed = false;
process.on('beforeExit', () => {
  if (!flushed) setTimeout(() => writeFileSync(${JSON.stringify(marker)}, 'flushed'), 10);
  flushed = true;
});
export default { meta: { name: 'acme-flush', version: '1.0.0', kurelApi: '^${KUREL_API_VERSION}' } };
`,
    );
    writeFileSync(join(scratch.dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./flush-plugin.mjs'] }));
    writeFileSync(join(scratch.dir, 'app.yaml'), example);
    const result = run(['build', 'app.yaml']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(EXITED);
    expect(existsSync(marker) && readFileSync(marker, 'utf8')).toBe('flushed');
  });
});
