import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kurelIn } from './support.js';

// `--environment NAME` through the real CLI: exactly the profile and values the EnvironmentSet
// binds, byte for byte, and each refusal with the reference's text.

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: api, namespace: shop}
spec:
  components:
    - name: api
      type: webservice
      properties:
        image: "\${image}"
        port: 8080
        replicas: \${replicas}
      traits:
        - type: ingress
          properties: {rules: [{host: api.example.com, paths: [{path: /}]}]}
`;
const PACKAGE = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Package
metadata: {name: api, version: "1.0.0"}
spec:
  parameters:
    - {name: image, type: string, required: true}
    - {name: replicas, type: integer, default: 1}
`;
// A profile that binds the ingress trait, so a build with it differs from the embedded default.
const PROFILE = `apiVersion: launcher.gokure.dev/v1alpha1
kind: ClusterProfile
metadata: {name: staging}
spec:
  capabilities:
    ingress:
      rendering: {ingressClassName: nginx-staging}
`;
const ENVIRONMENTS = `apiVersion: launcher.gokure.dev/v1alpha1
kind: EnvironmentSet
metadata: {name: api-environments}
spec:
  environments:
    - {name: staging, profile: profiles/staging.yaml, values: values/staging.yaml}
    - {name: prod, profile: profiles/staging.yaml}
    - {name: dev, profile: ..dev-profile.yaml}
`;

let root: string;
let app: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'kurel-environments-'));
  app = join(root, 'api');
  mkdirSync(join(app, 'profiles'), { recursive: true });
  mkdirSync(join(app, 'values'));
  writeFileSync(join(app, 'app.yaml'), APP);
  writeFileSync(join(app, 'kurel.yaml'), PACKAGE);
  writeFileSync(join(app, 'profiles/staging.yaml'), PROFILE);
  writeFileSync(join(app, '..dev-profile.yaml'), PROFILE);
  writeFileSync(join(app, 'values/staging.yaml'), 'image: ghcr.io/acme/api:v2.0.0\nreplicas: 3\n');
  writeFileSync(join(app, 'environments.yaml'), ENVIRONMENTS);
  writeFileSync(join(root, 'outside.yaml'), PROFILE);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const kurel = (...args: string[]) => kurelIn(root, args);

/** A scratch EnvironmentSet beside the application, given with --environments. */
function environmentsFile(name: string, text: string): string {
  writeFileSync(join(app, name), text);
  return join('api', name);
}

function refused(args: string[], message: string) {
  const result = kurel(...args);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe(`Error: ${message}\n`);
  expect(result.status).toBe(1);
}

describe('--environment', () => {
  it('builds byte for byte what the bound --profile and --values build', () => {
    const named = kurel('build', 'api', '--environment', 'staging');
    const paired = kurel('build', 'api', '--profile', 'api/profiles/staging.yaml', '--values', 'api/values/staging.yaml');
    expect(named.stderr).toBe('');
    expect(named.status).toBe(0);
    expect(named.stdout).toBe(paired.stdout);
    expect(named.stdout).toContain('ingressClassName: nginx-staging');
    expect(named.stdout).toContain('image: ghcr.io/acme/api:v2.0.0');
    // The embedded default profile binds no ingress capability: the environment's profile did count.
    const plain = kurel('build', 'api', '--values', 'api/values/staging.yaml');
    expect(plain.stdout).not.toBe(named.stdout);
  });

  it('lets --set override the bound values key by key', () => {
    const named = kurel('build', 'api', '--environment', 'staging', '--set', 'replicas=5');
    const paired = kurel('build', 'api', '--profile', 'api/profiles/staging.yaml', '--values', 'api/values/staging.yaml', '--set', 'replicas=5');
    expect(named.status, named.stderr).toBe(0);
    expect(named.stdout).toBe(paired.stdout);
    expect(named.stdout).toContain('replicas: 5');
    expect(named.stdout).toContain('image: ghcr.io/acme/api:v2.0.0');
  });

  it('layers --values files over the bound values, then --set over them', () => {
    writeFileSync(join(app, 'eu.yaml'), 'replicas: 7\n');
    const named = kurel('build', 'api', '--environment', 'staging', '-f', 'api/eu.yaml');
    const paired = kurel('build', 'api', '--profile', 'api/profiles/staging.yaml', '--values', 'api/values/staging.yaml', '--values', 'api/eu.yaml');
    expect(named.status, named.stderr).toBe(0);
    expect(named.stdout).toBe(paired.stdout);
    expect(named.stdout).toContain('replicas: 7');
    expect(named.stdout).toContain('image: ghcr.io/acme/api:v2.0.0');
    const set = kurel('build', 'api', '--environment', 'staging', '-f', 'api/eu.yaml', '--set', 'replicas=9');
    expect(set.stdout).toContain('replicas: 9');
  });

  it('reads the file --environments names, and accepts a name that only starts with ".."', () => {
    const file = environmentsFile('other-environments.yaml', ENVIRONMENTS);
    const named = kurel('build', 'api/app.yaml', '--environment', 'dev', '--environments', file, '--set', 'image=ghcr.io/acme/api:v1.0.0');
    expect(named.status, named.stderr).toBe(0);
    expect(named.stdout).toContain('ingressClassName: nginx-staging');
  });

  it('is accepted by validate and explain', () => {
    const validate = kurel('validate', 'api', '--environment', 'staging');
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toBe('api: valid\n');
    const explain = kurel('explain', 'api', '--environment', 'staging', '--json');
    expect(explain.status, explain.stderr).toBe(0);
    expect(JSON.parse(explain.stdout).application).toBe('api');
  });

  it('fails on a binding with values as --values fails without kurel.yaml', () => {
    const bare = join(root, 'bare');
    mkdirSync(join(bare, 'profiles'), { recursive: true });
    writeFileSync(join(bare, 'app.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: bare}\nspec:\n  components:\n    - {name: web, type: webservice, properties: {image: "nginx:1.27", port: 80}}\n');
    writeFileSync(join(bare, 'profiles/p.yaml'), PROFILE);
    writeFileSync(join(bare, 'v.yaml'), 'a: 1\n');
    writeFileSync(join(bare, 'environments.yaml'), ENVIRONMENTS.replace(/- \{name: staging.*\n/, '- {name: staging, profile: profiles/p.yaml, values: v.yaml}\n'));
    refused(['build', 'bare', '--environment', 'staging'], '--values and --set require a kurel.yaml package descriptor in "bare"');
    const unbound = kurel('build', 'bare', '--environment', 'prod', '--environments', 'bare/environments.yaml');
    expect(unbound.stderr).toMatch(/resolving profile "profiles\/staging\.yaml": no such file or directory/);
  });
});

describe('--environment refusals', () => {
  it('refuses the flags that do not go together, with the flag library texts', () => {
    refused(['build', 'api', '--environment', 'staging', '--profile', 'x.yaml'], 'if any flags in the group [profile environment] are set none of the others can be; [environment profile] were all set');
    refused(['build', 'api', '--environments', 'api/environments.yaml'], '--environments requires --environment');
    refused(['build', 'api', '--environments='], '--environments requires --environment');
    refused(['build', 'api', '--environment='], '--environment requires a non-empty name');
    refused(['build', 'api', '--environment', 'staging', '--environments='], '--environments requires a non-empty path');
  });

  it('refuses a missing file', () => {
    refused(['build', 'api', '--environment', 'staging', '--environments', 'api/none.yaml'], 'api/none.yaml: reading environments file "api/none.yaml": no such file or directory');
  });

  it('refuses a file that does not parse, behind its position', () => {
    const file = environmentsFile('bad.yaml', ENVIRONMENTS.replace('metadata: {name: api-environments}', 'metadata: {name: api-environments, owner: me}'));
    refused(['build', 'api', '--environment', 'staging', '--environments', file], `${file}:3:36 metadata.owner: parsing environments file "${file}": unsupported field "owner" (allowed: name)`);
  });

  it('refuses an unknown name, listing the declared ones sorted', () => {
    refused(['build', 'api', '--environment', 'qa'], 'api/environments.yaml: environment "qa" is not declared in "api/environments.yaml" (declared: dev, prod, staging)');
  });

  it('refuses a path that resolves outside the file\'s folder through a symlink', () => {
    symlinkSync(join(root, 'outside.yaml'), join(app, 'escape.yaml'));
    const file = environmentsFile('escape-environments.yaml', ENVIRONMENTS.replace('profile: ..dev-profile.yaml', 'profile: escape.yaml'));
    refused(['build', 'api', '--environment', 'dev', '--environments', file], `${file}: environment "dev": profile "escape.yaml" resolves outside the environments file's directory`);
  });

  it('refuses a path that does not resolve', () => {
    const file = environmentsFile('missing-values.yaml', ENVIRONMENTS.replace('values: values/staging.yaml', 'values: values/none.yaml'));
    refused(['build', 'api', '--environment', 'staging', '--environments', file], `${file}: environment "staging": resolving values "values/none.yaml": no such file or directory`);
  });
});
