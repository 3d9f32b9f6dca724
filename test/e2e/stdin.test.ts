import { spawnSync } from 'node:child_process';
import { openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from './support.js';

// An application read from standard input: `-`, or piped with no target, for build, validate and explain.

const scratch = scratchFolder('kurel-stdin-');
const app = readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8');
const misspelt = app.replace('type: webservice', 'type: webservise');

/** Runs the CLI with `input` piped into it. */
function piped(args: string[], input: string) {
  return spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd: scratch.dir, input, encoding: 'utf8', timeout: 60_000 });
}

describe('an application on standard input', () => {
  it('builds from `-` exactly what it builds from the file', () => {
    const fromFile = kurelIn(repo, ['build', 'examples/webservice/app.yaml']);
    const fromStdin = piped(['build', '-'], app);
    expect(fromStdin.status, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout).toBe(fromFile.stdout);
  });

  it('reads piped input when no target is named', () => {
    const result = piped(['build'], app);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('kind: Deployment');
  });

  it('places refusals at <stdin>:line:col for build, validate and explain', () => {
    const line = misspelt.split('\n').findIndex((text) => text.includes('webservise')) + 1;
    for (const command of ['build', 'validate', 'explain']) {
      for (const args of [[command], [command, '-']]) {
        const result = piped(args, misspelt);
        expect(result.status, args.join(' ')).toBe(1);
        expect(result.stderr).toMatch(new RegExp(`^Error: <stdin>:${line}:\\d+ spec\\.components\\[0\\]\\.type: `));
        expect(result.stderr.split('\n').length).toBeLessThan(4);
      }
    }
  });

  it('names <stdin> when validate finds it clean', () => {
    const result = piped(['validate'], app);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('<stdin>: valid\n');
  });

  it('refuses empty input, and no input at all, with one line', () => {
    const empty = piped(['build', '-'], '');
    expect(empty.status).toBe(1);
    expect(empty.stderr).toBe('Error: <stdin>: standard input is empty: pipe an Application into kurel, or name app.yaml or a package folder\n');
    const devNull = openSync('/dev/null', 'r');
    try {
      const none = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build'], { cwd: scratch.dir, stdio: [devNull, 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000 });
      expect(none.status).toBe(1);
      expect(none.stderr).toBe('Error: missing the application: name app.yaml or a package folder, or pipe one into standard input\n');
    } finally {
      closeSync(devNull);
    }
  });

  it('reads a file redirected into standard input', () => {
    writeFileSync(join(scratch.dir, 'app.yaml'), app);
    const input = openSync(join(scratch.dir, 'app.yaml'), 'r');
    try {
      const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'validate', '-'], { cwd: scratch.dir, stdio: [input, 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000 });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toBe('<stdin>: valid\n');
    } finally {
      closeSync(input);
    }
  });
});
