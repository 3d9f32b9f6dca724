import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, scratchFolder } from './support.js';

// A trait may override part of what its capability renders: the rendering is merged under the
// authored properties, objects recursively, and a nested required key is checked on the merge.

const scratch = scratchFolder('kurel-capability-overrides-');
const run = (...args: string[]) => kurelIn(scratch.dir, args);

const application = (trait: string) => `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: shop
spec:
  components:
    - name: web
      type: webservice
      properties:
        image: ghcr.io/acme/web:v1
        port: 8080
      traits:
${trait}`;

const profile = (capabilities: string) => `apiVersion: launcher.gokure.dev/v1alpha1
kind: ClusterProfile
metadata:
  name: dev
spec:
  capabilities:
${capabilities}`;

const certificate = `        - type: certificate
          properties:
            secretName: web-tls
            dnsNames: [web.example.com]
            issuerRef: {kind: Issuer}
`;

const externalSecret = `        - type: external-secret
          properties:
            secretName: web-credentials
            secretStoreRef: {kind: SecretStore}
            remoteRef: {key: prod/web}
`;

function write(name: string, text: string): string {
  writeFileSync(join(scratch.dir, name), text);
  return name;
}

describe('partial overrides of a capability rendering', () => {
  it('builds issuerRef: {kind: Issuer} over a rendered issuerRef: {name: ca} with both keys', () => {
    const app = write('certificate.yaml', application(certificate));
    const ca = write('ca.yaml', profile('    certificate:\n      rendering:\n        issuerRef: {name: ca}\n'));
    const built = run('build', app, '--profile', ca);
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    expect(built.stdout).toContain('  issuerRef:\n    kind: Issuer\n    name: ca\n');
    expect(run('validate', app, '--profile', ca).status).toBe(0);
  });

  it('refuses it with no profile, where nested Required is checked as written', () => {
    const app = write('certificate.yaml', application(certificate));
    const checked = run('validate', app);
    expect(checked.status).toBe(1);
    expect(checked.stderr).toContain('spec.components[0].traits[0].properties.issuerRef: component "web" trait "certificate": "name" is required\n');
  });

  it('names the rendering when neither it nor the trait sets the nested key', () => {
    const app = write('certificate.yaml', application(certificate));
    const bare = write('bare.yaml', profile('    certificate: {}\n'));
    const built = run('build', app, '--profile', bare);
    expect(built.status).toBe(1);
    expect(built.stderr).toContain(`properties.issuerRef: component "web" trait "certificate": "name" is required; neither the trait nor capability "certificate"'s rendering sets it\n`);
  });

  it('does the same for every trait with a rendering: external-secret secretStoreRef', () => {
    const app = write('external-secret.yaml', application(externalSecret));
    const store = write('store.yaml', profile('    external-secret:\n      rendering:\n        secretStoreRef: {name: vault, kind: ClusterSecretStore}\n'));
    const built = run('build', app, '--profile', store);
    expect(built.stderr).toBe('');
    expect(built.stdout).toContain('  secretStoreRef:\n    kind: SecretStore\n    name: vault\n');
    const checked = run('validate', app);
    expect(checked.status).toBe(1);
    expect(checked.stderr).toContain('properties.secretStoreRef: component "web" trait "external-secret": "name" is required\n');
  });
});
