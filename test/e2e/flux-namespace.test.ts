import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { kurelIn, scratchFolder } from './support.js';

// Flux kinds move to the Flux namespace the plugin config sets; every other object stays.

const scratch = scratchFolder('kurel-flux-ns-');

beforeAll(() => {
  writeFileSync(
    join(scratch.dir, 'app.yaml'),
    `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: charts
      type: helmrepository
      properties: {url: https://charts.example.com, interval: 10m}
    - name: settings
      type: configmap
      properties: {data: {a: b}}
`,
  );
});

function build(config: object) {
  writeFileSync(join(scratch.dir, '.kurelrc.json'), JSON.stringify(config));
  return kurelIn(scratch.dir, ['build', 'app.yaml']);
}

describe('the Flux namespace', () => {
  it('moves Flux kinds there and leaves other objects in the document namespace', () => {
    const result = build({ fluxNamespace: 'flux-system' });
    expect(result.status, result.stderr).toBe(0);
    const placed = parseAllDocuments(result.stdout).map((document) => document.toJS()).map((object) => [object.kind, object.metadata.namespace]);
    expect(placed).toEqual([
      ['HelmRepository', 'flux-system'],
      ['ConfigMap', 'shop'],
    ]);
  });

  it('moves the values ConfigMap and Secret a HelmRelease reads by name with it; other trait objects stay', () => {
    writeFileSync(
      join(scratch.dir, 'helm.yaml'),
      `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: redis
      type: helm
      properties:
        chart: redis
        version: "18.6.1"
        source: {kind: HelmRepository, name: bitnami, namespace: flux-system}
        valuesMode: configMap
        values: {replicas: 2}
        secretValues: {auth: {password: s3cret}}
      traits:
        - type: configmap
          properties: {name: redis-extra, data: {a: b}}
        - type: secret
          properties: {name: redis-extra-credentials, stringData: {a: b}}
`,
    );
    writeFileSync(join(scratch.dir, '.kurelrc.json'), JSON.stringify({ fluxNamespace: 'flux-system' }));
    const result = kurelIn(scratch.dir, ['build', 'helm.yaml']);
    expect(result.status, result.stderr).toBe(0);
    const placed = parseAllDocuments(result.stdout).map((document) => document.toJS());
    const release = placed.find((object) => object.kind === 'HelmRelease');
    const read = release.spec.valuesFrom.map((entry: { kind: string; name: string }) => `${entry.kind}/${entry.name}`);
    expect(read).toHaveLength(2);
    const where = Object.fromEntries(placed.map((object) => [`${object.kind}/${object.metadata.name}`, object.metadata.namespace]));
    expect(where[`HelmRelease/redis`]).toBe('flux-system');
    for (const input of read) expect(where[input]).toBe('flux-system');
    expect(where['ConfigMap/redis-extra']).toBe('shop');
    expect(where['Secret/redis-extra-credentials']).toBe('shop');
  });

  it('keeps Flux kinds in the document namespace when none is set', () => {
    const result = build({});
    expect(parseAllDocuments(result.stdout).map((document) => document.toJS().metadata.namespace)).toEqual(['shop', 'shop']);
  });

  it('refuses a Flux namespace that is not a DNS-1123 label', () => {
    const result = build({ fluxNamespace: 'flux.system' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('fluxNamespace: namespace "flux.system" is not a valid DNS-1123 label');
  });
});
