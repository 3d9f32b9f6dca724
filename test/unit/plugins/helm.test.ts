import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AuthoredComponent, LoweringContext } from 'kurel/plugin-api';
import { createLoweringTestContext } from 'kurel/plugin-api/testing';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import { helmRule } from '../../../plugins/builtin-components/helm.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { build } from '../../../src/engine/build.js';
import { registryOf, refusal as buildRefusal } from '../engine/support.js';
import { checked, refusal } from './support.js';

const repo = 'https://charts.bitnami.com/bitnami';

/** Runs the rule on schema-checked properties, in a shared lowering context. */
function lowerHelm(name: string, properties: Record<string, unknown>, ctx: LoweringContext = createLoweringTestContext(), extra: Partial<AuthoredComponent> = {}) {
  const checkedProperties = checked(helmRule.properties, properties);
  return helmRule.lower({ component: { name, type: 'helm', properties: checkedProperties, ...extra }, document: { name: 'shop', kind: 'Application', namespace: 'default' } }, ctx).components!;
}

const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);

function buildApp(components: string, name = 'shop') {
  const text = ['apiVersion: launcher.gokure.dev/v1alpha1', 'kind: Application', `metadata: {name: ${name}, namespace: default}`, 'spec:', '  components:', components].join('\n');
  return build({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry);
}

describe('helm lowering (delivery: flux)', () => {
  it('references an existing source: a helmrelease alone, with chart.spec.sourceRef', () => {
    const members = lowerHelm('prometheus', { chart: 'kube-prometheus-stack', version: '69.3.2', source: { kind: 'HelmRepository', name: 'prometheus-community', namespace: 'flux-system' } });
    expect(members).toEqual([
      {
        name: 'prometheus',
        type: 'helmrelease',
        properties: {
          interval: '60m',
          chart: { spec: { chart: 'kube-prometheus-stack', version: '69.3.2', sourceRef: { kind: 'HelmRepository', name: 'prometheus-community', namespace: 'flux-system' } } },
        },
        traits: [],
      },
    ]);
  });

  it('emits an inline source as <document>-source-<10 hex> and orders the release after it', () => {
    const [source, release] = lowerHelm('redis', { chart: 'redis', version: '18.6.1', source: { url: repo }, values: { auth: { enabled: false } } });
    expect(source).toEqual({ name: expect.stringMatching(/^shop-source-[0-9a-f]{10}$/), type: 'helmrepository', properties: { url: repo, interval: '60m' } });
    expect(release.orderAfter).toEqual([source.name]);
    expect(release.properties).toMatchObject({ chart: { spec: { chart: 'redis', version: '18.6.1', sourceRef: { kind: 'HelmRepository', name: source.name } } }, values: { auth: { enabled: false } } });
  });

  it('emits one source for two components on one repository: the second adopts it', () => {
    const ctx = createLoweringTestContext();
    const first = lowerHelm('cache', { chart: 'redis', source: { url: repo } }, ctx);
    const second = lowerHelm('db', { chart: 'postgresql', source: { url: repo } }, ctx);
    expect(first.map((m) => m.type)).toEqual(['helmrepository', 'helmrelease']);
    expect(second.map((m) => m.type)).toEqual(['helmrelease']);
    expect(second[0].orderAfter).toEqual([first[0].name]);
    const third = lowerHelm('other', { chart: 'x', source: { url: 'https://example.com/charts' } }, ctx);
    expect(third[0].name).not.toBe(first[0].name);
  });

  it('names the generated source source.name when given beside an inline source', () => {
    const [source, release] = lowerHelm('redis', { chart: 'redis', source: { url: repo, name: 'bitnami' } });
    expect(source.name).toBe('bitnami');
    expect(release.orderAfter).toEqual(['bitnami']);
  });

  it('takes an oci:// source as an OCIRepository tagged with the version, read through chartRef', () => {
    const [source, release] = lowerHelm('podinfo', { version: '6.5.0', source: { url: 'oci://ghcr.io/stefanprodan/charts/podinfo' } });
    expect(source.type).toBe('ocirepository');
    expect(source.properties).toMatchObject({ url: 'oci://ghcr.io/stefanprodan/charts/podinfo', ref: { tag: '6.5.0' } });
    expect(release.properties.chartRef).toEqual({ kind: 'OCIRepository', name: source.name });
    expect(release.properties.chart).toBeUndefined();
  });

  it('generates a GitRepository and a Bucket inline', () => {
    const [git] = lowerHelm('app', { chart: './charts/app', source: { kind: 'GitRepository', url: 'https://github.com/example/app', ref: { tag: 'v1.0.0' } } });
    expect(git).toMatchObject({ type: 'gitrepository', properties: { url: 'https://github.com/example/app', ref: { tag: 'v1.0.0' } } });
    const [bucket, release] = lowerHelm('app', { chart: './app', source: { bucketName: 'charts', endpoint: 's3.amazonaws.com', provider: 'aws', region: 'eu-west-1' } });
    expect(bucket).toMatchObject({ type: 'bucket', properties: { bucketName: 'charts', endpoint: 's3.amazonaws.com', provider: 'aws', region: 'eu-west-1' } });
    expect(release.properties).toMatchObject({ chart: { spec: { sourceRef: { kind: 'Bucket' } } } });
  });

  it('moves values into a configmap trait with valuesMode: configMap, and secretValues into a secret trait, both read through valuesFrom', () => {
    const authored = [{ kind: 'Secret', name: 'extra' }];
    const [, release] = lowerHelm('cache', {
      chart: 'redis',
      source: { url: repo },
      valuesMode: 'configMap',
      values: { auth: { enabled: true } },
      secretValues: { auth: { password: 's3cret' } },
      valuesFrom: authored,
    });
    expect(release.properties.values).toBeUndefined();
    const [configmap, secret] = release.traits!;
    expect(configmap).toEqual({ type: 'configmap', properties: { name: expect.stringMatching(/^cache-values-[0-9a-f]{10}$/), data: { 'values.yaml': 'auth:\n  enabled: true\n' } } });
    expect(secret).toEqual({ type: 'secret', properties: { name: expect.stringMatching(/^cache-secret-values-[0-9a-f]{10}$/), stringData: { 'values.yaml': 'auth:\n  password: s3cret\n' } } });
    expect(release.properties.valuesFrom).toEqual([
      { kind: 'ConfigMap', name: configmap.properties.name, valuesKey: 'values.yaml' },
      { kind: 'Secret', name: secret.properties.name, valuesKey: 'values.yaml' },
      ...authored,
    ]);
  });

  it('uses valuesConfigMapName and valuesSecretName as written', () => {
    const [, release] = lowerHelm('cache', {
      chart: 'redis',
      source: { url: repo },
      valuesMode: 'configMap',
      values: { a: 1 },
      secretValues: { b: 2 },
      valuesConfigMapName: 'cache-values',
      valuesSecretName: 'cache-secrets',
    });
    expect(release.traits!.map((t) => t.properties.name)).toEqual(['cache-values', 'cache-secrets']);
  });

  it('writes the release name only when Flux would name it otherwise: past 53 characters, or with targetNamespace', () => {
    const long = 'a'.repeat(60);
    const [release] = lowerHelm(long, { chart: 'x', source: { name: 'repo' } });
    expect(release.properties.releaseName).toMatch(new RegExp(`^${'a'.repeat(40)}-[0-9a-f]{12}$`));
    const [moved] = lowerHelm('web', { chart: 'x', source: { name: 'repo' }, targetNamespace: 'apps' });
    expect(moved.properties).toMatchObject({ releaseName: 'web', targetNamespace: 'apps' });
    const [named] = lowerHelm('web', { chart: 'x', source: { name: 'repo' }, releaseName: 'custom' });
    expect(named.properties.releaseName).toBe('custom');
  });

  it('forwards authored traits and annotations to the release', () => {
    const traits = [{ type: 'prune-protection', properties: {} }];
    const [release] = lowerHelm('web', { chart: 'x', source: { name: 'repo' }, secretValues: { a: 1 } }, createLoweringTestContext(), { traits, annotations: { note: 'x' } });
    expect(release.traits!.map((t) => t.type)).toEqual(['secret', 'prune-protection']);
    expect(release.annotations).toEqual({ note: 'x' });
  });
});

describe('helm refusals', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['delivery: template', { delivery: 'template', chart: 'redis', source: { url: repo } }, /delivery: template renders the chart at build time, which kurel cannot do yet/],
    ['no url and no name', { chart: 'redis', source: {} }, /source: give url \(an inline source\) or name/],
    ['no chart with a HelmRepository', { source: { url: repo } }, /chart: required with a HelmRepository source/],
    ['a chart with an OCIRepository', { chart: 'x', source: { url: 'oci://ghcr.io/x/y' } }, /chart: an OCIRepository source holds one chart/],
    ['a version with a referenced OCIRepository', { version: '1', source: { kind: 'OCIRepository', name: 'x' } }, /version: the referenced OCIRepository fixes the chart version/],
    ['a version with a Git source', { chart: '.', version: '1', source: { kind: 'GitRepository', name: 'x' } }, /version: a GitRepository source has no chart versions/],
    ['a namespace on an inline source', { chart: 'x', source: { url: repo, namespace: 'flux-system' } }, /source.namespace: only a reference/],
    ['an inline HelmChart', { chart: 'x', source: { kind: 'HelmChart', url: repo } }, /source.kind: a HelmChart is only referenced/],
    ['a ref on a HelmRepository', { chart: 'x', source: { url: repo, ref: { tag: 'v1' } } }, /source.ref: only an inline GitRepository takes a ref/],
    ['two Git refs', { chart: '.', source: { kind: 'GitRepository', url: 'https://g/x', ref: { tag: 'v1', branch: 'main' } } }, /exactly one of branch, tag, semver, name or commit, got 2/],
    ['no Git ref', { chart: '.', source: { kind: 'GitRepository', url: 'https://g/x' } }, /exactly one of branch, tag, semver, name or commit, got 0/],
    ['a bucket field on a HelmRepository', { chart: 'x', source: { kind: 'HelmRepository', url: repo, region: 'eu' } }, /source.region: only an inline Bucket takes it/],
    ['a Bucket without endpoint', { chart: '.', source: { bucketName: 'b' } }, /source.endpoint: an inline Bucket needs it/],
    ['a Bucket with a url', { chart: '.', source: { kind: 'Bucket', url: 'https://x', bucketName: 'b', endpoint: 'e' } }, /an inline Bucket is given by endpoint and bucketName/],
    ['an OCIRepository without oci://', { source: { kind: 'OCIRepository', url: repo } }, /an inline OCIRepository needs an oci:\/\/ URL/],
    ['a path in both values and secretValues', { chart: 'x', source: { url: repo }, values: { auth: { password: 'a' } }, secretValues: { auth: { password: 'b' } } }, /secretValues.auth.password: also set in values/],
    ['a global key in secretValues', { chart: 'x', source: { url: repo }, secretValues: { global: { a: 1 } } }, /secretValues.global: global values are shared/],
  ];
  for (const [what, properties, message] of cases) {
    it(`refuses ${what}`, () => {
      expect(refusal(() => lowerHelm('web', properties)).message).toMatch(message);
    });
  }

  it('refuses another source content under a source.name already generated', () => {
    const ctx = createLoweringTestContext();
    lowerHelm('a', { chart: 'x', source: { url: repo, name: 'charts' } }, ctx);
    expect(() => lowerHelm('b', { chart: 'x', source: { url: 'https://other.example/charts', name: 'charts' } }, ctx)).toThrow(/claimed with another identity/);
  });
});

describe('helm end to end', () => {
  it('builds two components on one repository into one source, placed before both releases', () => {
    const result = buildApp(
      [
        '    - name: cache',
        '      type: helm',
        '      properties: {chart: redis, version: "18.6.1", source: {url: "https://charts.bitnami.com/bitnami"}, valuesMode: configMap, values: {auth: {enabled: false}}, secretValues: {auth: {password: x}}}',
        '    - name: db',
        '      type: helm',
        '      properties: {chart: postgresql, source: {url: "https://charts.bitnami.com/bitnami"}}',
      ].join('\n'),
    );
    const summary = result.objects.map((o) => `${o.kind}/${o.metadata.name}`);
    const sources = summary.filter((s) => s.startsWith('HelmRepository/'));
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^HelmRepository\/shop-source-[0-9a-f]{10}$/);
    expect(summary.indexOf(sources[0])).toBeLessThan(summary.indexOf('HelmRelease/cache'));
    expect(summary.indexOf(sources[0])).toBeLessThan(summary.indexOf('HelmRelease/db'));
    expect(summary.filter((s) => /^(ConfigMap|Secret)\/cache-/.test(s))).toHaveLength(2);
    const cache = result.objects.find((o) => o.kind === 'HelmRelease' && o.metadata.name === 'cache') as any;
    expect(cache.spec.interval).toBe('1h0m0s');
    expect(cache.spec.valuesFrom.map((v: any) => v.kind)).toEqual(['ConfigMap', 'Secret']);
  });

  it('refuses the template-only keys with a hint', () => {
    const error = buildRefusal(() => buildApp('    - name: web\n      type: helm\n      properties: {chart: redis, hookGroupNamePrefix: web, source: {url: "https://charts.bitnami.com/bitnami"}}'));
    expect(error.message).toMatch(/hookGroupNamePrefix[\s\S]*delivery: template/);
  });

  it('refuses delivery: template in a build', () => {
    const error = buildRefusal(() => buildApp('    - name: web\n      type: helm\n      properties: {delivery: template, chart: redis, source: {url: "https://charts.bitnami.com/bitnami"}}'));
    expect(error.message).toMatch(/delivery: template renders the chart at build time/);
  });

  // The reference example 11 predates the rename: its `helmchart` type was then the Helm-release
  // composite, which is now the `helm` type (`helmchart` is the kind-named Flux HelmChart), so it
  // is built with `type: helm`.
  it('builds reference example 11-helmchart as the helm type', () => {
    const path = '/work/shared/reference-examples/11-helmchart.yaml';
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return; // the reference examples are not present in this checkout
    }
    const result = build({ application: { file: 'app.yaml', text: text.replace('type: helmchart', 'type: helm') }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry);
    expect(result.objects.map((o) => o.kind)).toEqual(['HelmRepository', 'HelmRelease']);
    const [source, release] = result.objects as any[];
    expect(source.spec).toEqual({ interval: '1h0m0s', url: 'https://charts.bitnami.com/bitnami' });
    expect(release.spec.chart.spec).toEqual({ chart: 'redis', version: '18.6.1', sourceRef: { kind: 'HelmRepository', name: source.metadata.name } });
    expect(release.spec.values.master.persistence.size).toBe('8Gi');
  });
});
