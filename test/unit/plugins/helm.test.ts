import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthoredComponent, LoweringContext } from 'kurel/plugin-api';
import { createLoweringTestContext } from '../../../src/plugin-api/testing/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import { helmRule } from '../../../plugins/builtin-kinds/flux-delivery/helm.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { build } from '../../../src/engine/build.js';
import { registryOf, refusal as buildRefusal } from '../engine/support.js';
import { checked, refusal, EVERY_MEMBER } from './support.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

const repo = 'https://charts.bitnami.com/bitnami';

/** Runs the rule on schema-checked properties, in a shared lowering context. */
function lowerHelm(name: string, properties: Record<string, unknown>, ctx: LoweringContext = createLoweringTestContext({ everyMemberTraits: EVERY_MEMBER, plugins: SOURCE_BUILTINS }), extra: Partial<AuthoredComponent> = {}) {
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
    const ctx = createLoweringTestContext({ everyMemberTraits: EVERY_MEMBER, plugins: SOURCE_BUILTINS });
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

  it('generates a GitRepository and a Bucket inline, whose charts follow the revision', () => {
    const [git, fromGit] = lowerHelm('app', { chart: './charts/app', source: { kind: 'GitRepository', url: 'https://github.com/example/app', ref: { tag: 'v1.0.0' } } });
    expect(git).toMatchObject({ type: 'gitrepository', properties: { url: 'https://github.com/example/app', ref: { tag: 'v1.0.0' }, interval: '60m' } });
    expect(fromGit.properties.chart).toEqual({ spec: { chart: './charts/app', sourceRef: { kind: 'GitRepository', name: git.name }, reconcileStrategy: 'Revision' } });
    const [bucket, release] = lowerHelm('app', { chart: './app', source: { kind: 'Bucket', bucketName: 'charts', endpoint: 's3.amazonaws.com', provider: 'aws', region: 'eu-west-1' } });
    expect(bucket).toMatchObject({ type: 'bucket', properties: { bucketName: 'charts', endpoint: 's3.amazonaws.com', provider: 'aws', region: 'eu-west-1' } });
    expect(release.properties).toMatchObject({ chart: { spec: { sourceRef: { kind: 'Bucket' }, reconcileStrategy: 'Revision' } } });
  });

  it('gives the generated source its own interval, never the release one, and the name the reference gives it', () => {
    const [source, release] = lowerHelm('redis', { chart: 'redis', source: { url: repo }, interval: '5m' });
    expect(source.properties.interval).toBe('60m');
    expect(release.properties.interval).toBe('5m');
    // sha256("helm:" + url): a HelmRepository's identity is its URL alone.
    expect(source.name).toBe(`shop-source-${createHash('sha256').update(`helm:${repo}`).digest('hex').slice(0, 10)}`);
  });

  it('moves values into a configmap trait with valuesMode: configMap, and secretValues into a secret trait, both read through valuesFrom', () => {
    const authored = [{ kind: 'Secret', name: 'extra' }];
    const [, release] = lowerHelm('cache', {
      chart: 'redis',
      source: { url: repo },
      valuesMode: 'configMap',
      values: { auth: { enabled: true }, '10': 'b', '9': 'a' },
      secretValues: { auth: { password: 's3cret' } },
      valuesFrom: authored,
    });
    expect(release.properties.values).toBeUndefined();
    const [configmap, secret] = release.traits!;
    // Indented JSON with the keys sorted as Go sorts a map's, and the digest of those bytes in the name.
    const values = '{\n  "10": "b",\n  "9": "a",\n  "auth": {\n    "enabled": true\n  }\n}';
    const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);
    expect(configmap).toEqual({ type: 'configmap', properties: { name: `cache-values-${digest(values)}`, data: { 'values.json': values } } });
    const secretText = '{\n  "auth": {\n    "password": "s3cret"\n  }\n}';
    expect(secret).toEqual({ type: 'secret', properties: { name: `cache-secret-values-${digest(secretText)}`, stringData: { 'values.json': secretText } } });
    expect(release.properties.valuesFrom).toEqual([
      { kind: 'ConfigMap', name: configmap.properties.name, valuesKey: 'values.json' },
      { kind: 'Secret', name: secret.properties.name, valuesKey: 'values.json' },
      ...authored,
    ]);
  });

  it('keeps the values hash whole when it shortens a long component name', () => {
    const [, release] = lowerHelm('c'.repeat(250), { chart: 'redis', source: { url: repo }, secretValues: { a: 1 } });
    const name = release.traits![0].properties.name as string;
    expect(name).toHaveLength(253);
    expect(name).toMatch(/-[0-9a-f]{10}-secret-values-[0-9a-f]{10}$/);
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
    const [release] = lowerHelm(long, { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' } });
    expect(release.properties.releaseName).toBe(`${'a'.repeat(40)}-${createHash('sha256').update(long).digest('hex').slice(0, 12)}`);
    const [moved] = lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' }, targetNamespace: 'apps' });
    expect(moved.properties).toMatchObject({ releaseName: 'web', targetNamespace: 'apps' });
    const [named] = lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' }, releaseName: 'custom' });
    expect(named.properties.releaseName).toBe('custom');
    const [short] = lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' } });
    expect(short.properties.releaseName).toBeUndefined();
  });

  it('names the HelmRelease helmReleaseName, the member keeping the component name', () => {
    const [release] = lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' }, helmReleaseName: 'web-release' });
    expect([release.name, release.objectName]).toEqual(['web', 'web-release']);
    const [plain] = lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' } });
    expect(plain.objectName).toBeUndefined();
  });

  it('allows a global key at the top level of secretValues', () => {
    const [release] = lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' }, secretValues: { global: { token: 'x' } } });
    expect(release.traits![0].type).toBe('secret');
  });

  it('forwards authored traits and annotations to the release', () => {
    const traits = [{ type: 'prune-protection', properties: {} }];
    const [release] = lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' }, secretValues: { a: 1 } }, createLoweringTestContext({ everyMemberTraits: EVERY_MEMBER, plugins: SOURCE_BUILTINS }), { traits, annotations: { note: 'x' } });
    expect(release.traits!.map((t) => t.type)).toEqual(['secret', 'prune-protection']);
    expect(release.annotations).toEqual({ note: 'x' });
  });
});

describe('helm refusals', () => {
  const ref = (kind: string) => ({ kind, name: 'existing' });
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no url and no name', { chart: 'redis', source: {} }, 'helm: source requires either source.url (inline) or source.name (reference)'],
    ['a reference without kind', { chart: 'redis', source: { name: 'existing' } }, 'helm: source.kind is required when source.name is set'],
    ['no chart with an inline HelmRepository', { source: { url: repo } }, 'helm: source.kind HelmRepository requires chart to be specified'],
    ['no chart with a referenced GitRepository', { source: ref('GitRepository') }, 'helm: source.kind GitRepository requires chart to be specified'],
    ['a chart with an OCIRepository', { chart: 'x', source: { url: 'oci://ghcr.io/x/y' } }, 'helm: chart is not used with source.kind OCIRepository, which already names the chart'],
    ['a chart with a HelmChart', { chart: 'x', source: ref('HelmChart') }, 'helm: chart is not used with source.kind HelmChart, which already names the chart'],
    ['a version with a referenced OCIRepository', { version: '1', source: ref('OCIRepository') }, 'helm: version is not used with a referenced source.kind OCIRepository, which already pins the chart version'],
    ['a version with a Git source', { chart: '.', version: '1', source: ref('GitRepository') }, "helm: version is not used with source.kind GitRepository, whose chart is read at the source's fetched revision"],
    ['a version with a Bucket source', { chart: '.', version: '1', source: ref('Bucket') }, "helm: version is not used with source.kind Bucket, whose chart is read at the source's fetched revision"],
    [
      'a namespace on an inline source',
      { chart: 'x', source: { url: repo, namespace: 'flux-system' } },
      'helm: source.namespace is only valid with a reference to an existing source (source.name and no inline source); a generated source is created beside the HelmRelease',
    ],
    ['an inline HelmChart', { chart: 'x', source: { kind: 'HelmChart', url: repo } }, 'helm: source.kind "HelmChart" is not valid for inline source; must be HelmRepository or OCIRepository'],
    ['a HelmRepository on an oci:// URL', { chart: 'x', source: { kind: 'HelmRepository', url: 'oci://ghcr.io/x' } }, 'helm: source.kind HelmRepository is incompatible with oci:// URL'],
    ['a HelmRepository that is no http(s) URL', { chart: 'x', source: { url: 'ftp://example.com/charts' } }, 'helm: HelmRepository source.url must start with https:// or http://'],
    ['an OCIRepository without oci://', { source: { kind: 'OCIRepository', url: repo } }, 'helm: source.kind OCIRepository requires an oci:// URL'],
    [
      'a user in the URL',
      { chart: 'x', source: { url: 'https://user:token@charts.example.com' } },
      'helm: source.url must not carry a user or password, which would be written in plain text into the generated source; author a helmrepository or ocirepository with secretRef and reference it with source.name',
    ],
    ['a URL that does not parse', { chart: 'x', source: { url: 'https://exa mple.com' } }, 'helm: source.url is not a valid URL'],
    ['a URL without a scheme', { chart: 'x', source: { url: 'charts.example.com/stable' } }, 'helm: HelmRepository source.url must start with https:// or http://'],
    ['a ref on a HelmRepository', { chart: 'x', source: { url: repo, ref: { tag: 'v1' } } }, 'helm: source.ref is only valid with an inline source.kind GitRepository'],
    [
      'an ssh Git URL',
      { chart: '.', source: { kind: 'GitRepository', url: 'ssh://git@github.com/x/y', ref: { tag: 'v1' } } },
      'helm: source.kind GitRepository requires an http:// or https:// URL; an ssh:// repository needs credentials, so author a gitrepository and reference it',
    ],
    [
      'a Git URL with a query',
      { chart: '.', source: { kind: 'GitRepository', url: 'https://github.com/x/y?token=1', ref: { tag: 'v1' } } },
      'helm: source.url of an inline GitRepository must be an http:// or https:// URL of a host, an optional port in 1-65535 and a repository path only; user info, a query or a fragment is not taken inline (author a gitrepository with a secretRef and reference it)',
    ],
    ['two Git refs', { chart: '.', source: { kind: 'GitRepository', url: 'https://g.example/x', ref: { tag: 'v1', branch: 'main' } } }, 'helm: source.ref sets branch, tag; an inline GitRepository takes exactly one of branch, tag, semver, name, commit'],
    ['no Git ref', { chart: '.', source: { kind: 'GitRepository', url: 'https://g.example/x' } }, 'helm: an inline source.kind GitRepository requires source.ref with exactly one of branch, tag, semver, name, commit'],
    ['a bucket field on a HelmRepository', { chart: 'x', source: { kind: 'HelmRepository', url: repo, region: 'eu' } }, 'helm: source.region is only valid with an inline source.kind Bucket'],
    ['a Bucket without endpoint', { chart: '.', source: { kind: 'Bucket', bucketName: 'b' } }, 'helm: an inline source.kind Bucket requires source.endpoint and source.bucketName'],
    ['a Bucket with a url', { chart: '.', source: { kind: 'Bucket', url: 'https://x', bucketName: 'b', endpoint: 'e' } }, 'helm: source.kind Bucket takes source.endpoint and source.bucketName, not source.url'],
    [
      'a Bucket endpoint with a path',
      { chart: '.', source: { kind: 'Bucket', bucketName: 'b', endpoint: 'https://s3.example.com/bucket' } },
      'helm: source.endpoint of an inline Bucket must be a host[:port], or an https:// URL of only a host and an optional port, any port in 1-65535; user info, a path, a query, a fragment or http:// is not taken inline (author a bucket, with a secretRef or insecure: true, and reference it)',
    ],
    ['a path in both values and secretValues', { chart: 'x', source: { url: repo }, values: { auth: { password: 'a' } }, secretValues: { auth: { password: 'b' } } }, 'helm: auth.password is set in both values and secretValues; a path may be set in only one of them'],
    ['a global key below the top of secretValues', { chart: 'x', source: { url: repo }, secretValues: { sub: { global: { a: 1 } } } }, 'helm: secretValues.sub.global: a key named global below the top level is refused'],
    [
      'valuesConfigMapName without valuesMode: configMap',
      { chart: 'x', source: { url: repo }, values: { a: 1 }, valuesConfigMapName: 'v' },
      'helm: valuesConfigMapName: names the values ConfigMap, and valuesMode is not configMap, so none is generated; remove it, or set valuesMode: configMap',
    ],
    [
      'valuesConfigMapName with empty values',
      { chart: 'x', source: { url: repo }, valuesMode: 'configMap', valuesConfigMapName: 'v' },
      'helm: valuesConfigMapName: names the values ConfigMap, and values is empty, so none is generated; remove it, or set values',
    ],
    ['valuesSecretName with empty secretValues', { chart: 'x', source: { url: repo }, valuesSecretName: 's' }, 'helm: valuesSecretName: names the values Secret, and secretValues is empty, so none is generated; remove it, or set secretValues'],
    [
      'an empty helmReleaseName',
      { chart: 'x', source: { url: repo }, helmReleaseName: '' },
      'helm: naming the HelmRelease: helmReleaseName "" cannot be the name for role "helm-release": it is empty; write a valid name, or leave the property out for the default "web"',
    ],
    [
      'a source.name that is the component name',
      { chart: 'x', source: { url: repo, name: 'web' } },
      "helm: source.name \"web\" is the component's own name; the generated source is a component of the document too, so give it another name",
    ],
  ];
  for (const [what, properties, message] of cases) {
    it(`refuses ${what}`, () => {
      expect(refusal(() => lowerHelm('web', properties)).message).toContain(message);
    });
  }

  it('refuses a default release name Helm would refuse', () => {
    const name = `${'a'.repeat(39)}.${'b'.repeat(20)}`;
    expect(refusal(() => lowerHelm(name, { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' } })).message).toMatch(
      /^helm: the default release name "a{39}\.-[0-9a-f]{12}", derived from the component name .* as Flux derives a HelmRelease's, must be a DNS-1123 subdomain of at most 53 characters, as a Helm release name is; set releaseName$/,
    );
  });

  it('refuses another source content under a source.name already generated', () => {
    const ctx = createLoweringTestContext({ everyMemberTraits: EVERY_MEMBER, plugins: SOURCE_BUILTINS });
    lowerHelm('a', { chart: 'x', source: { url: repo, name: 'charts' } }, ctx);
    expect(refusal(() => lowerHelm('b', { chart: 'x', source: { url: 'https://other.example/charts', name: 'charts' } }, ctx)).message).toMatch(/^helm: naming the generated source: .*"charts"/);
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

  // The schema is checked before the rule runs, as the reference checks authored properties before
  // lowering: these refusals of §9.11 reach an author as the schema's texts.
  const schemaCases: Array<[string, string, string]> = [
    ['an unknown delivery', '{delivery: kustomize, chart: x, source: {url: "https://c.example"}}', 'delivery: component "web" (type "helm"): "kustomize" is not allowed; must be one of: flux, template'],
    ['an unknown valuesMode', '{valuesMode: file, chart: x, source: {url: "https://c.example"}}', 'valuesMode: component "web" (type "helm"): "file" is not allowed; must be one of: inline, configMap'],
    ['secretValues that is no object', '{secretValues: [1], chart: x, source: {url: "https://c.example"}}', 'secretValues: component "web" (type "helm"): expected a map, got a list'],
    ['no source', '{chart: x}', 'properties: component "web" (type "helm"): "source" is required'],
    ['a second spelling of a key', '{chart: x, Chart: y, source: {url: "https://c.example"}}', 'properties.Chart: component "web" (type "helm"): unsupported field "Chart"'],
  ];
  for (const [what, properties, message] of schemaCases) {
    it(`refuses ${what} by the schema`, () => {
      expect(buildRefusal(() => buildApp(`    - name: web\n      type: helm\n      properties: ${properties}`)).message).toContain(message);
    });
  }

  it('under a Flux namespace, installs beside the workloads under its own release name, and takes its values along', () => {
    const text = [
      'apiVersion: launcher.gokure.dev/v1alpha1',
      'kind: Application',
      'metadata: {name: shop, namespace: apps}',
      'spec:',
      '  components:',
      '    - name: cache',
      '      type: helm',
      `      properties: {chart: redis, source: {url: "${repo}"}, valuesMode: configMap, values: {a: 1}}`,
      '    - name: queue',
      '      type: helm',
      `      properties: {chart: rabbitmq, source: {url: "${repo}"}, targetNamespace: messaging}`,
    ].join('\n');
    const result = build({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local', fluxNamespace: 'flux-system' } }, registry);
    const find = (kind: string, name: string) => result.objects.find((o) => o.kind === kind && o.metadata.name.startsWith(name)) as any;
    expect(find('HelmRelease', 'cache').metadata.namespace).toBe('flux-system');
    expect(find('HelmRelease', 'cache').spec).toMatchObject({ targetNamespace: 'apps', storageNamespace: 'apps', releaseName: 'cache' });
    expect(find('HelmRelease', 'queue').spec).toMatchObject({ targetNamespace: 'messaging', storageNamespace: 'messaging', releaseName: 'queue' });
    expect(find('ConfigMap', 'cache-values-').metadata.namespace).toBe('flux-system');
    expect(find('HelmRepository', 'shop-source-').metadata.namespace).toBe('flux-system');
  });

  it('names the HelmRelease object helmReleaseName while the Helm release keeps the component name', () => {
    const result = buildApp(`    - name: cache\n      type: helm\n      properties: {chart: redis, source: {url: "${repo}"}, helmReleaseName: cache-release}`);
    const release = result.objects.find((o) => o.kind === 'HelmRelease') as any;
    expect(release.metadata.name).toBe('cache-release');
    expect(release.metadata.labels['launcher.gokure.dev/component']).toBe('cache');
    expect(release.spec.releaseName).toBe('cache');
  });
});
