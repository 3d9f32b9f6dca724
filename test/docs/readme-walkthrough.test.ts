import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The README's walkthroughs, run as a reader runs them: every block tagged
// `console walkthrough=<name>` is a shell session, each `$ ` line a command run in a fresh folder
// holding a copy of the repository's examples, with `kurel` on PATH; the lines after a command are
// what it prints (standard output and error together). A `kurel diff` exits 1 when it prints a
// difference and 0 when it prints nothing; every other command exits 0.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(repo, 'README.md'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'kurel-walkthrough-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Step {
  command: string;
  expected: string;
}

function walkthroughs(markdown: string): Map<string, Step[]> {
  const found = new Map<string, Step[]>();
  for (const match of markdown.matchAll(/^```console walkthrough=(\S+)\n([\s\S]*?)^```$/gm)) {
    const steps: Step[] = [];
    for (const line of match[2].split('\n').slice(0, -1)) {
      if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: '' });
      else steps[steps.length - 1].expected += `${line}\n`;
    }
    found.set(match[1], steps);
  }
  return found;
}

const sessions = walkthroughs(readme);

describe('the README walkthroughs', () => {
  it('holds the fleet walkthrough', () => {
    expect([...sessions.keys()]).toContain('fleet');
  });

  for (const [name, steps] of sessions) {
    it(`${name}: every command prints what the README shows`, () => {
      const folder = join(scratch, name);
      mkdirSync(join(folder, 'bin'), { recursive: true });
      cpSync(join(repo, 'examples'), join(folder, 'examples'), { recursive: true });
      symlinkSync(join(repo, 'bin/kurel'), join(folder, 'bin/kurel'));
      const env = { ...process.env, PATH: `${join(folder, 'bin')}:${process.env.PATH}`, NO_COLOR: '1' };
      for (const step of steps) {
        const result = spawnSync('sh', ['-c', `${step.command} 2>&1`], { cwd: folder, env, encoding: 'utf8', timeout: 120_000 });
        expect(result.stdout, step.command).toBe(step.expected);
        const differs = step.command.startsWith('kurel diff') && step.expected !== '';
        expect(result.status, `${step.command}\n${result.stdout}`).toBe(differs ? 1 : 0);
      }
    });
  }
});
