import { describe, expect, it } from 'vitest';
import { formatDiagnostic, isKurelError } from '../../../src/engine/index.js';
import { parseEnvironmentSet } from '../../../src/engine/documents/environment-set.js';

// The EnvironmentSet reader: strict decoding, one document, the whole file validated, and every
// refusal placed at the node it is about behind the reference's text.

const HEAD = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: EnvironmentSet\n';

function refusal(text: string): string {
  try {
    parseEnvironmentSet({ file: 'envs.yaml', text });
  } catch (error) {
    if (!isKurelError(error)) throw error;
    expect(error.code).toBe('KUREL_ENVIRONMENT');
    return formatDiagnostic(error.diagnostics[0]);
  }
  throw new Error('expected a refusal');
}

const environments = (entries: string) => `${HEAD}spec:\n  environments:\n${entries}`;

describe('parseEnvironmentSet', () => {
  it('reads the bindings and lists the names sorted', () => {
    const set = parseEnvironmentSet({
      file: 'envs.yaml',
      text: `${HEAD}metadata: {name: shop-environments}\nspec:\n  environments:\n  - {name: staging, profile: profiles/staging.yaml, values: values/staging.yaml}\n  - {name: dev, profile: ..dev.yaml}\n`,
    });
    expect(set.bindings).toEqual([
      { name: 'staging', profile: 'profiles/staging.yaml', values: 'values/staging.yaml' },
      { name: 'dev', profile: '..dev.yaml' },
    ]);
    expect(set.names).toEqual(['dev', 'staging']);
  });

  it('reads a set the same whichever way YAML writes it: block or flow, quoted, commented, null, Windows line breaks', () => {
    const expected = [{ name: 'dev', profile: 'profiles/dev.yaml' }, { name: 'prod', profile: 'profiles/prod.yaml', values: 'values/prod.yaml' }];
    const texts = [
      `${HEAD}spec:\n  environments:\n  - name: dev\n    profile: profiles/dev.yaml\n    values:\n  - name: prod\n    profile: profiles/prod.yaml\n    values: values/prod.yaml\n`,
      `# the fleet's environments\n${HEAD}metadata:\n  name: "envs"\nspec:\n  environments:\n    - {name: dev, profile: 'profiles/dev.yaml'}  # first\n    - {name: "prod", profile: profiles/prod.yaml, values: values/prod.yaml}\n`,
      `${HEAD}spec:\n  environments:\n  - name: dev\n    profile: profiles/dev.yaml\n  - name: prod\n    profile: profiles/prod.yaml\n    values: values/prod.yaml\n`.replaceAll('\n', '\r\n'),
      `--- # one document, marked\n${HEAD}spec: {environments: [{name: dev, profile: profiles/dev.yaml}, {name: prod, profile: profiles/prod.yaml, values: values/prod.yaml}]}\n`,
    ];
    for (const text of texts) expect(parseEnvironmentSet({ file: 'envs.yaml', text }).bindings).toEqual(expected);
  });

  it('places the refusal of a name the block reader reads as a number, as the library reads it', () => {
    expect(refusal(environments('  - name: 123\n    profile: p.yaml\n  - name: 123\n    profile: q.yaml\n'))).toBe('envs.yaml:7:11 spec.environments[1].name: parsing environments file "envs.yaml": duplicate environment name "123"');
  });

  it('refuses a key written twice at the second one, as the YAML library does', () => {
    expect(refusal(environments('  - name: staging\n    profile: p.yaml\n    profile: q.yaml\n'))).toBe(
      'envs.yaml:7:5: parsing environments file "envs.yaml": decoding: Map keys must be unique',
    );
  });

  it('refuses an unknown field at its key, as a strict decoder does', () => {
    expect(refusal(environments('  - name: staging\n    profile: p.yaml\n    cluster: eu\n'))).toBe(
      'envs.yaml:7:5 spec.environments[0].cluster: parsing environments file "envs.yaml": unsupported field "cluster" (allowed: name, profile, values)',
    );
    expect(refusal(`${HEAD}spec: {}\nextra: 1\n`)).toBe('envs.yaml:4:1 extra: parsing environments file "envs.yaml": unsupported field "extra" (allowed: apiVersion, kind, metadata, spec)');
  });

  it('refuses a value of the wrong shape', () => {
    expect(refusal(environments('  - name: [a]\n    profile: p.yaml\n'))).toBe(
      'envs.yaml:5:11 spec.environments[0].name: parsing environments file "envs.yaml": decoding: expected a string, got a list',
    );
  });

  it('refuses a second document, even the empty one after a trailing ---', () => {
    expect(refusal(`${environments('  - {name: a, profile: p.yaml}\n')}---\n`)).toMatch(/^envs\.yaml:\d+:\d+: parsing environments file "envs.yaml": expected a single YAML document, found more than one$/);
    expect(refusal(`${environments('  - {name: a, profile: p.yaml}\n')}---\nkind: Other\n`)).toBe(
      'envs.yaml:7:1: parsing environments file "envs.yaml": expected a single YAML document, found more than one',
    );
  });

  it('reports the decode error of a malformed trailing document', () => {
    expect(refusal(`${environments('  - {name: a, profile: p.yaml}\n')}---\nkey: [unclosed\n`)).toMatch(/^envs\.yaml:\d+:\d+: parsing environments file "envs.yaml": decoding: /);
  });

  it('refuses an empty file', () => {
    expect(refusal('')).toBe('envs.yaml: parsing environments file "envs.yaml": decoding: the file holds no document');
  });

  it('checks the envelope', () => {
    expect(refusal('apiVersion: v1\nkind: EnvironmentSet\n')).toBe(
      'envs.yaml:1:13 apiVersion: parsing environments file "envs.yaml": unsupported apiVersion "v1", expected "launcher.gokure.dev/v1alpha1"',
    );
    expect(refusal('apiVersion: launcher.gokure.dev/v1alpha1\nkind: Environments\n')).toBe('envs.yaml:2:7 kind: parsing environments file "envs.yaml": expected kind EnvironmentSet, got "Environments"');
    expect(refusal(`${HEAD}spec:\n  environments: []\n`)).toBe('envs.yaml:4:17 spec.environments: parsing environments file "envs.yaml": spec.environments declares no environments');
    expect(refusal(HEAD)).toBe('envs.yaml spec.environments: parsing environments file "envs.yaml": spec.environments declares no environments');
  });

  it('checks every name: present, a DNS-1123 label, unique', () => {
    expect(refusal(environments('  - {profile: p.yaml}\n'))).toBe('envs.yaml:5:5 spec.environments[0]: parsing environments file "envs.yaml": spec.environments[0].name is required');
    expect(refusal(environments('  - {name: a, profile: p.yaml}\n  - {name: Staging_1, profile: p.yaml}\n'))).toBe(
      `envs.yaml:6:12 spec.environments[1].name: parsing environments file "envs.yaml": spec.environments[1].name "Staging_1" is not a DNS-1123 label: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    );
    expect(refusal(environments(`  - {name: ${'a'.repeat(64)}, profile: p.yaml}\n`))).toMatch(/is not a DNS-1123 label: must be no more than 63 characters$/);
    expect(refusal(environments('  - {name: a, profile: p.yaml}\n  - {name: a, profile: q.yaml}\n'))).toBe('envs.yaml:6:12 spec.environments[1].name: parsing environments file "envs.yaml": duplicate environment name "a"');
  });

  it('checks every path: a profile present, relative, without a ".." element', () => {
    expect(refusal(environments('  - {name: a}\n'))).toBe('envs.yaml:5:5 spec.environments[0]: parsing environments file "envs.yaml": environment "a": profile is required');
    expect(refusal(environments('  - {name: a, profile: /etc/p.yaml}\n'))).toBe(
      'envs.yaml:5:24 spec.environments[0].profile: parsing environments file "envs.yaml": environment "a": profile must be relative to the environments file, got "/etc/p.yaml"',
    );
    expect(refusal(environments('  - {name: a, profile: p.yaml, values: v/../../x.yaml}\n'))).toBe(
      'envs.yaml:5:40 spec.environments[0].values: parsing environments file "envs.yaml": environment "a": values must not contain "..", got "v/../../x.yaml"',
    );
  });

  it('validates the whole file: a broken last entry is refused whichever name is asked for', () => {
    expect(refusal(environments('  - {name: a, profile: p.yaml}\n  - {name: b, profile: ../p.yaml}\n'))).toMatch(/environment "b": profile must not contain "\.\."/);
  });
});
