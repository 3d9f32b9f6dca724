import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';
import { kurelIn, scratchFolder } from './support.js';

// `kurel completion bash|zsh|fish` prints a script completing commands, flags, flag values and
// the registry's type names; the bash script is run here in a real bash, as bash runs it on Tab.

const scratch = scratchFolder('kurel-completion-');
let script = '';

beforeAll(() => {
  // A project whose config adds a plugin: its type is completed beside the built-ins.
  writeFileSync(
    join(scratch.dir, 'acme.mjs'),
    `export default { meta: { name: 'acme', version: '1.0.0', kurelApi: '^${KUREL_API_VERSION}' }, components: [{ type: 'acme-queue', description: 'A queue.', properties: {}, render() { return { objects: [] }; } }] };\n`,
  );
  writeFileSync(join(scratch.dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./acme.mjs'] }));
  const result = kurelIn(scratch.dir, ['completion', 'bash']);
  expect(result.status, result.stderr).toBe(0);
  script = join(scratch.dir, 'kurel.bash');
  writeFileSync(script, result.stdout);
  mkdirSync(join(scratch.dir, 'apps'));
  writeFileSync(join(scratch.dir, 'apps', 'shop.yaml'), '');
});

/** What bash offers for the command line `words`, the last one being completed. */
function complete(...words: string[]): string[] {
  const quoted = words.map((word) => `'${word}'`).join(' ');
  const program = `source '${script}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _kurel_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { cwd: scratch.dir, encoding: 'utf8', timeout: 30_000 });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean).sort();
}

describe('kurel completion bash, in bash', () => {
  it('completes commands and topics', () => {
    expect(complete('kurel', 'bu')).toEqual(['build']);
    expect(complete('kurel', 'v')).toEqual(['validate', 'version']);
    expect(complete('kurel', 'profile', 'im')).toEqual(['import']);
    expect(complete('kurel', 'help', 'sch')).toEqual(['schemas']);
  });

  it('completes a command\'s flags, after its arguments too', () => {
    expect(complete('kurel', 'build', '--lay')).toEqual(['--layout']);
    expect(complete('kurel', 'build', 'app.yaml', '--for')).toEqual(['--force', '--format']);
    expect(complete('kurel', 'profile', 'import', '--api-r')).toEqual(['--api-resources']);
    expect(complete('kurel', 'version', '--de')).toEqual(['--debug']);
  });

  it('completes the values of a flag with a fixed set, and files for the others', () => {
    expect(complete('kurel', 'build', '--layout', '')).toEqual(['argocd', 'flux']);
    expect(complete('kurel', 'validate', '--format', 'j')).toEqual(['json']);
    expect(complete('kurel', 'build', '-o', 'ap')).toEqual(['apps']);
    expect(complete('kurel', 'build', 'apps/s')).toEqual(['apps/shop.yaml']);
  });

  it('completes component, trait and policy types where an argument names a type, a plugin\'s included', () => {
    expect(complete('kurel', 'schemas', 'websvc').length).toBe(0);
    expect(complete('kurel', 'schemas', 'webserv')).toEqual(['webservice']);
    expect(complete('kurel', 'schemas', 'expo')).toEqual(['expose']);
    expect(complete('kurel', 'schemas', 'acme-')).toEqual(['acme-queue']);
  });

  it('completes its own shells', () => {
    expect(complete('kurel', 'completion', '')).toEqual(['bash', 'fish', 'zsh']);
  });
});

describe('kurel completion zsh and fish', () => {
  it('zsh: the same completion, through zsh\'s bash completion layer', () => {
    const result = kurelIn(scratch.dir, ['completion', 'zsh']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.startsWith('#compdef kurel\n')).toBe(true);
    expect(result.stdout).toContain('bashcompinit');
    expect(result.stdout).toContain('complete -o bashdefault -o default -F _kurel_complete kurel');
    expect(result.stdout).toContain('acme-queue');
  });

  it('fish: commands, flags with their values, and types', () => {
    const result = kurelIn(scratch.dir, ['completion', 'fish']);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines).toContain("complete -c kurel -n __fish_use_subcommand -a build -d 'Build Kubernetes manifests from an OAM Application'");
    expect(lines.some((line) => line.startsWith("complete -c kurel -n '__fish_seen_subcommand_from build' -l layout -x -a 'flux argocd' -d "))).toBe(true);
    expect(lines.some((line) => line.startsWith("complete -c kurel -n '__fish_seen_subcommand_from build' -l output -s o -r -F -d "))).toBe(true);
    expect(lines.find((line) => line.includes("'__fish_seen_subcommand_from schemas' -a"))).toMatch(/acme-queue.*expose.*webservice/);
    expect(lines.some((line) => line.startsWith("complete -c kurel -n '__fish_seen_subcommand_from profile; and not __fish_seen_subcommand_from import' -a import -d "))).toBe(true);
  });

  it('refuses a shell it does not know', () => {
    const result = kurelIn(scratch.dir, ['completion', 'powershell']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('powershell');
  });
});

describe('kurel schemas TYPE', () => {
  it('prints one type\'s reference page, or its schema with --format', () => {
    const page = kurelIn(scratch.dir, ['schemas', 'expose']);
    expect(page.status, page.stderr).toBe(0);
    expect(page.stdout.startsWith('# expose\n')).toBe(true);
    const schema = kurelIn(scratch.dir, ['schemas', 'expose', '--format', 'json']);
    expect(JSON.parse(schema.stdout).title).toBe('expose (trait properties)');
  });

  it('refuses an unknown type with the one meant', () => {
    const result = kurelIn(scratch.dir, ['schemas', 'websrvice']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: unknown type "websrvice" (did you mean "webservice"?); `kurel schemas` prints every type\'s files\n');
  });

  it('refuses a type with the folders that hold every type: --output, and the html site', () => {
    const folder = kurelIn(scratch.dir, ['schemas', 'expose', '-o', 'schemas-out']);
    expect(folder.status).toBe(1);
    expect(folder.stderr).toBe('Error: --output writes every file: give the type "expose" without it\n');
    const site = kurelIn(scratch.dir, ['schemas', 'expose', '--format', 'html', '-o', 'site-out']);
    expect(site.status).toBe(1);
    expect(site.stderr).toBe('Error: --format html writes the site of every type: give it without the type "expose" (its page is in the site)\n');
    expect(existsSync(join(scratch.dir, 'site-out'))).toBe(false);
  });
});
