import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from './support.js';

// A misspelt key of the plugin config, a ClusterProfile or an EnvironmentSet is refused at its
// position with the key meant; a misspelt command under a topic names the command meant.

const scratch = scratchFolder('kurel-unknown-keys-');

/** A copy of examples/shop in the scratch folder, `edit` applied to one of its files. */
function shopWith(name: string, file: string, edit: (text: string) => string): string {
  const dir = join(scratch.dir, name);
  cpSync(join(repo, 'examples/shop'), dir, { recursive: true });
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
  return dir;
}

describe('unknown keys name the key meant', () => {
  it('in an EnvironmentSet, as a positioned kurel refusal rather than a decoder\'s words', () => {
    const dir = shopWith('environment-set', 'environments.yaml', (text) => text.replace('  environments:', '  environmnts:'));
    const result = kurelIn(dir, ['build', '.', '--environment', 'staging']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Error: environments.yaml:7:3 spec.environmnts: parsing environments file "environments.yaml": unsupported field "environmnts" (did you mean "environments"? allowed: environments)\n',
    );
    const top = shopWith('environment-set-top', 'environments.yaml', (text) => `${text}colour: red\n`);
    const refused = kurelIn(top, ['build', '.', '--environment', 'staging']);
    expect(refused.stderr).toMatch(/^Error: environments\.yaml:\d+:1 colour: parsing environments file "environments\.yaml": unsupported field "colour" \(allowed: apiVersion, kind, metadata, spec\)\n$/);
    expect(refused.stderr).not.toContain('decoding');
  });

  it('in a ClusterProfile', () => {
    const dir = shopWith('profile', 'profiles/staging.yaml', (text) => text.replace('  capabilities:', '  capabilites:'));
    const result = kurelIn(dir, ['build', '.', '--profile', 'profiles/staging.yaml']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Error: profiles/staging.yaml:6:3 spec.capabilites: unsupported field "capabilites" (did you mean "capabilities"? allowed: apiResources, capabilities, gitopsEngine, kubeVersion)\n',
    );
  });

  it('in the plugin config', () => {
    const dir = shopWith('config', 'app.yaml', (text) => text);
    writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ plugin: ['./x.mjs'] }));
    const result = kurelIn(dir, ['build', '.', '--environment', 'staging']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`Error: ${join(dir, '.kurelrc.json')} plugin: unsupported config key "plugin" (did you mean "plugins"?)\n`);
  });
});

describe('an unknown command', () => {
  it('names the command meant when a topic is misspelt', () => {
    const result = kurelIn(scratch.dir, ['profil', 'import']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: unknown command "profil import" (did you mean "profile import"?); see kurel --help\n');
  });
});
