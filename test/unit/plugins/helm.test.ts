import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { K8sObject } from 'kurel/plugin-api';
import type { ComponentSpec } from 'kurel/plugin-api/testing';
import { builtinTester, objectOf, refusalOf, type BuiltinTesterOptions } from '../../support/engine.js';

const repo = 'https://charts.bitnami.com/bitnami';
const tester = builtinTester('components');
const COMPONENT_LABEL = 'launcher.gokure.dev/component';

type Authored = Omit<ComponentSpec, 'type'>;
type Spec = Record<string, any>;

/** The helm components of one Application as the CLI builds them: objects, each component's members and the bundle's order. */
async function deliver(components: Authored[], options: BuiltinTesterOptions = {}) {
  const result = await builtinTester('components', options).build(components.map((component) => ({ ...component, type: 'helm' })));
  return {
    objects: result.objects,
    // Each authored component's members, in the order the components are written.
    members: components.map(({ name }) => result.chains.find((chain) => chain.name === name)!.members.map((member) => ({ name: member.name, type: member.type, traits: member.traits.map((trait) => trait.type) }))),
    bundle: result.bundle,
  };
}

/** One helm component `name`, built alone. */
const lowerHelm = (name: string, properties: Record<string, unknown>, extra: Omit<Authored, 'name' | 'properties'> = {}) => deliver([{ name, properties, ...extra }]);
const specOf = (objects: K8sObject[], kind: string, name?: string) => objectOf(objects, kind, name).spec as Spec;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The start of the CLI's message for a refusal by the helm rule of component `name`. */
const lowering = (name: string, message: string) => new RegExp(`^${escape(`lowering component "${name}" (type "helm") in document "app" (kind "Application"): ${message}`)}`);
const sourceName = (identity: string) => `app-source-${createHash('sha256').update(identity).digest('hex').slice(0, 10)}`;

describe('helm lowering (delivery: flux)', () => {
  it('references an existing source: a helmrelease alone, with chart.spec.sourceRef', async () => {
    const { members, objects } = await lowerHelm('prometheus', { chart: 'kube-prometheus-stack', version: '69.3.2', source: { kind: 'HelmRepository', name: 'prometheus-community', namespace: 'flux-system' } });
    expect(members).toEqual([[{ name: 'prometheus', type: 'helmrelease', traits: [] }]]);
    expect(objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['HelmRelease/prometheus']);
    const { interval, chart } = objects[0].spec as Spec;
    expect({ interval, chart }).toEqual({
      interval: '1h0m0s',
      chart: { spec: { chart: 'kube-prometheus-stack', version: '69.3.2', sourceRef: { kind: 'HelmRepository', name: 'prometheus-community', namespace: 'flux-system' } } },
    });
  });

  it('emits an inline source as <document>-source-<10 hex> and orders the release after it', async () => {
    const { members, objects, bundle } = await lowerHelm('redis', { chart: 'redis', version: '18.6.1', source: { url: repo }, values: { auth: { enabled: false } } });
    const [source, release] = members[0];
    expect(source).toEqual({ name: expect.stringMatching(/^app-source-[0-9a-f]{10}$/), type: 'helmrepository', traits: [] });
    expect(specOf(objects, 'HelmRepository', source.name)).toEqual({ url: repo, interval: '1h0m0s' });
    expect(bundle.applications).toEqual([source.name]);
    expect(bundle.groups.map((group) => group.components)).toEqual([[release.name]]);
    expect(specOf(objects, 'HelmRelease', 'redis')).toMatchObject({ chart: { spec: { chart: 'redis', version: '18.6.1', sourceRef: { kind: 'HelmRepository', name: source.name } } }, values: { auth: { enabled: false } } });
  });

  it('emits one source for two components on one repository: the second adopts it', async () => {
    const { members, bundle } = await deliver([
      { name: 'cache', properties: { chart: 'redis', source: { url: repo } } },
      { name: 'db', properties: { chart: 'postgresql', source: { url: repo } } },
      { name: 'other', properties: { chart: 'x', source: { url: 'https://example.com/charts' } } },
    ]);
    expect(members.map((list) => list.map((member) => member.type))).toEqual([['helmrepository', 'helmrelease'], ['helmrelease'], ['helmrepository', 'helmrelease']]);
    const [first, , third] = members;
    expect(bundle.applications).toEqual([first[0].name, third[0].name]);
    expect(bundle.groups.map((group) => group.components)).toEqual([['cache', 'db', 'other']]);
    expect(third[0].name).not.toBe(first[0].name);
  });

  it('names the generated source source.name when given beside an inline source', async () => {
    const { members, bundle, objects } = await lowerHelm('redis', { chart: 'redis', source: { url: repo, name: 'bitnami' } });
    expect(members[0].map((member) => member.name)).toEqual(['bitnami', 'redis']);
    expect(bundle.applications).toEqual(['bitnami']);
    expect(specOf(objects, 'HelmRelease', 'redis').chart.spec.sourceRef).toEqual({ kind: 'HelmRepository', name: 'bitnami' });
  });

  it('takes an oci:// source as an OCIRepository tagged with the version, read through chartRef', async () => {
    const { members, objects } = await lowerHelm('podinfo', { version: '6.5.0', source: { url: 'oci://ghcr.io/stefanprodan/charts/podinfo' } });
    const [source] = members[0];
    expect(source.type).toBe('ocirepository');
    expect(specOf(objects, 'OCIRepository', source.name)).toMatchObject({ url: 'oci://ghcr.io/stefanprodan/charts/podinfo', ref: { tag: '6.5.0' } });
    const release = specOf(objects, 'HelmRelease', 'podinfo');
    expect(release.chartRef).toEqual({ kind: 'OCIRepository', name: source.name });
    expect(release.chart).toBeUndefined();
  });

  it('generates a GitRepository and a Bucket inline, whose charts follow the revision', async () => {
    const fromGit = await lowerHelm('app', { chart: './charts/app', source: { kind: 'GitRepository', url: 'https://github.com/example/app', ref: { tag: 'v1.0.0' } } });
    const [git] = fromGit.members[0];
    expect(git.type).toBe('gitrepository');
    expect(specOf(fromGit.objects, 'GitRepository', git.name)).toMatchObject({ url: 'https://github.com/example/app', ref: { tag: 'v1.0.0' }, interval: '1h0m0s' });
    expect(specOf(fromGit.objects, 'HelmRelease', 'app').chart).toEqual({ spec: { chart: './charts/app', sourceRef: { kind: 'GitRepository', name: git.name }, reconcileStrategy: 'Revision' } });
    const fromBucket = await lowerHelm('app', { chart: './app', source: { kind: 'Bucket', bucketName: 'charts', endpoint: 's3.amazonaws.com', provider: 'aws', region: 'eu-west-1' } });
    const [bucket] = fromBucket.members[0];
    expect(bucket.type).toBe('bucket');
    expect(specOf(fromBucket.objects, 'Bucket', bucket.name)).toMatchObject({ bucketName: 'charts', endpoint: 's3.amazonaws.com', provider: 'aws', region: 'eu-west-1' });
    expect(specOf(fromBucket.objects, 'HelmRelease', 'app')).toMatchObject({ chart: { spec: { sourceRef: { kind: 'Bucket' }, reconcileStrategy: 'Revision' } } });
  });

  it('gives the generated source its own interval, never the release one, and the name the reference gives it', async () => {
    const { members, objects } = await lowerHelm('redis', { chart: 'redis', source: { url: repo }, interval: '5m' });
    // sha256("helm:" + url): a HelmRepository's identity is its URL alone.
    expect(members[0][0].name).toBe(sourceName(`helm:${repo}`));
    expect(specOf(objects, 'HelmRepository').interval).toBe('1h0m0s');
    expect(specOf(objects, 'HelmRelease').interval).toBe('5m0s');
  });

  it('moves values into a configmap trait with valuesMode: configMap, and secretValues into a secret trait, both read through valuesFrom', async () => {
    const authored = [{ kind: 'Secret', name: 'extra' }];
    const { members, objects } = await lowerHelm('cache', {
      chart: 'redis',
      source: { url: repo },
      valuesMode: 'configMap',
      values: { auth: { enabled: true }, '10': 'b', '9': 'a' },
      secretValues: { auth: { password: 's3cret' } },
      valuesFrom: authored,
    });
    expect(members[0][1].traits).toEqual(['configmap', 'secret']);
    const release = specOf(objects, 'HelmRelease', 'cache');
    expect(release.values).toBeUndefined();
    // Indented JSON with the keys sorted as Go sorts a map's, and the digest of those bytes in the name.
    const values = '{\n  "10": "b",\n  "9": "a",\n  "auth": {\n    "enabled": true\n  }\n}';
    const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);
    const configmap = objectOf(objects, 'ConfigMap', `cache-values-${digest(values)}`) as K8sObject & { data: Record<string, string> };
    expect(configmap.data).toEqual({ 'values.json': values });
    const secretText = '{\n  "auth": {\n    "password": "s3cret"\n  }\n}';
    const secret = objectOf(objects, 'Secret', `cache-secret-values-${digest(secretText)}`) as K8sObject & { data: Record<string, string> };
    expect(secret.data).toEqual({ 'values.json': Buffer.from(secretText).toString('base64') });
    expect(release.valuesFrom).toEqual([
      { kind: 'ConfigMap', name: configmap.metadata.name, valuesKey: 'values.json' },
      { kind: 'Secret', name: secret.metadata.name, valuesKey: 'values.json' },
      ...authored,
    ]);
  });

  it('keeps the values hash whole when it shortens a long component name', async () => {
    const { objects } = await lowerHelm('c'.repeat(250), { chart: 'redis', source: { url: repo }, secretValues: { a: 1 } });
    const name = objectOf(objects, 'Secret').metadata.name;
    expect(name).toHaveLength(253);
    expect(name).toMatch(/-[0-9a-f]{10}-secret-values-[0-9a-f]{10}$/);
  });

  it('uses valuesConfigMapName and valuesSecretName as written', async () => {
    const { objects } = await lowerHelm('cache', {
      chart: 'redis',
      source: { url: repo },
      valuesMode: 'configMap',
      values: { a: 1 },
      secretValues: { b: 2 },
      valuesConfigMapName: 'cache-values',
      valuesSecretName: 'cache-secrets',
    });
    expect(objects.filter((object) => ['ConfigMap', 'Secret'].includes(object.kind)).map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['ConfigMap/cache-values', 'Secret/cache-secrets']);
  });

  it('writes the release name only when Flux would name it otherwise: past 53 characters, or with targetNamespace', async () => {
    const release = async (name: string, extra: Record<string, unknown> = {}) => specOf((await lowerHelm(name, { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' }, ...extra })).objects, 'HelmRelease');
    const long = 'a'.repeat(60);
    expect((await release(long)).releaseName).toBe(`${'a'.repeat(40)}-${createHash('sha256').update(long).digest('hex').slice(0, 12)}`);
    expect(await release('web', { targetNamespace: 'apps' })).toMatchObject({ releaseName: 'web', targetNamespace: 'apps' });
    expect((await release('web', { releaseName: 'custom' })).releaseName).toBe('custom');
    expect((await release('web')).releaseName).toBeUndefined();
  });

  it('names the HelmRelease helmReleaseName, the member keeping the component name', async () => {
    const named = await lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' }, helmReleaseName: 'web-release' });
    expect(named.members[0].map((member) => member.name)).toEqual(['web']);
    expect(objectOf(named.objects, 'HelmRelease').metadata).toMatchObject({ name: 'web-release', labels: { [COMPONENT_LABEL]: 'web' } });
    const plain = await lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' } });
    expect(objectOf(plain.objects, 'HelmRelease').metadata.name).toBe('web');
  });

  it('allows a global key at the top level of secretValues', async () => {
    const { members, objects } = await lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' }, secretValues: { global: { token: 'x' } } });
    expect(members[0][0].traits).toEqual(['secret']);
    expect(objectOf(objects, 'Secret').metadata.name).toMatch(/^web-secret-values-[0-9a-f]{10}$/);
  });

  it('forwards authored traits to the release', async () => {
    const traits = [{ type: 'prune-protection', properties: {} }];
    const { members } = await lowerHelm('web', { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' }, secretValues: { a: 1 } }, { traits });
    expect(members[0][0].traits).toEqual(['secret', 'prune-protection']);
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
    it(`refuses ${what}`, async () => {
      await tester.runComponent('helm', [{ name: 'web', properties, error: { code: 'KUREL_LOWERING', message: lowering('web', message) } }]);
    });
  }

  it('refuses a default release name Helm would refuse', async () => {
    const name = `${'a'.repeat(39)}.${'b'.repeat(20)}`;
    await tester.runComponent('helm', [
      {
        name,
        properties: { chart: 'x', source: { kind: 'HelmRepository', name: 'repo' } },
        error: {
          code: 'KUREL_LOWERING',
          message: /: helm: the default release name "a{39}\.-[0-9a-f]{12}", derived from the component name .* as Flux derives a HelmRelease's, must be a DNS-1123 subdomain of at most 53 characters, as a Helm release name is; set releaseName$/,
        },
      },
    ]);
  });

  it('refuses another source content under a source.name already generated', async () => {
    const refusal = await refusalOf([
      { name: 'a', type: 'helm', properties: { chart: 'x', source: { url: repo, name: 'charts' } } },
      { name: 'b', type: 'helm', properties: { chart: 'x', source: { url: 'https://other.example/charts', name: 'charts' } } },
    ]);
    expect(refusal.code).toBe('KUREL_LOWERING');
    expect(refusal.message).toMatch(/^lowering component "b" \(type "helm"\) in document "app" \(kind "Application"\): helm: naming the generated source: .*"charts"/);
  });
});

describe('helm end to end', () => {
  it('builds two components on one repository into one source, placed before both releases', async () => {
    const { objects } = await deliver([
      { name: 'cache', properties: { chart: 'redis', version: '18.6.1', source: { url: repo }, valuesMode: 'configMap', values: { auth: { enabled: false } }, secretValues: { auth: { password: 'x' } } } },
      { name: 'db', properties: { chart: 'postgresql', source: { url: repo } } },
    ]);
    const summary = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    const sources = summary.filter((s) => s.startsWith('HelmRepository/'));
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^HelmRepository\/app-source-[0-9a-f]{10}$/);
    expect(summary.indexOf(sources[0])).toBeLessThan(summary.indexOf('HelmRelease/cache'));
    expect(summary.indexOf(sources[0])).toBeLessThan(summary.indexOf('HelmRelease/db'));
    expect(summary.filter((s) => /^(ConfigMap|Secret)\/cache-/.test(s))).toHaveLength(2);
    const cache = specOf(objects, 'HelmRelease', 'cache');
    expect(cache.interval).toBe('1h0m0s');
    expect(cache.valuesFrom.map((v: { kind: string }) => v.kind)).toEqual(['ConfigMap', 'Secret']);
  });

  it('refuses the template-only keys with a hint', async () => {
    await tester.runComponent('helm', [{ name: 'web', properties: { chart: 'redis', hookGroupNamePrefix: 'web', source: { url: repo } }, error: { message: /hookGroupNamePrefix[\s\S]*delivery: template/ } }]);
  });

  // The schema is checked before the rule runs, as the reference checks authored properties before
  // lowering: these refusals of §9.11 reach an author as the schema's texts.
  const schemaCases: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown delivery', { delivery: 'kustomize', chart: 'x', source: { url: 'https://c.example' } }, 'delivery: component "web" (type "helm"): "kustomize" is not allowed; must be one of: flux, template'],
    ['an unknown valuesMode', { valuesMode: 'file', chart: 'x', source: { url: 'https://c.example' } }, 'valuesMode: component "web" (type "helm"): "file" is not allowed; must be one of: inline, configMap'],
    ['secretValues that is no object', { secretValues: [1], chart: 'x', source: { url: 'https://c.example' } }, 'secretValues: component "web" (type "helm"): expected a map, got a list'],
    ['no source', { chart: 'x' }, 'properties: component "web" (type "helm"): "source" is required'],
    ['a second spelling of a key', { chart: 'x', Chart: 'y', source: { url: 'https://c.example' } }, 'properties.Chart: component "web" (type "helm"): unsupported field "Chart"'],
  ];
  for (const [what, properties, message] of schemaCases) {
    it(`refuses ${what} by the schema`, async () => {
      await tester.runComponent('helm', [{ name: 'web', properties, error: { code: 'KUREL_PROPERTY', text: new RegExp(`^app\\.yaml:\\d+:\\d+ spec\\.components\\[0\\]\\.${escape(message.startsWith('properties') ? message : `properties.${message}`)}`) } }]);
    });
  }

  it('under a Flux namespace, installs beside the workloads under its own release name, and takes its values along', async () => {
    const { objects } = await deliver(
      [
        { name: 'cache', properties: { chart: 'redis', source: { url: repo }, valuesMode: 'configMap', values: { a: 1 } } },
        { name: 'queue', properties: { chart: 'rabbitmq', source: { url: repo }, targetNamespace: 'messaging' } },
      ],
      { namespace: 'apps', fluxNamespace: 'flux-system' },
    );
    const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name.startsWith(name)) as K8sObject & { spec: Spec };
    expect(find('HelmRelease', 'cache').metadata.namespace).toBe('flux-system');
    expect(find('HelmRelease', 'cache').spec).toMatchObject({ targetNamespace: 'apps', storageNamespace: 'apps', releaseName: 'cache' });
    expect(find('HelmRelease', 'queue').spec).toMatchObject({ targetNamespace: 'messaging', storageNamespace: 'messaging', releaseName: 'queue' });
    expect(find('ConfigMap', 'cache-values-').metadata.namespace).toBe('flux-system');
    expect(find('HelmRepository', 'app-source-').metadata.namespace).toBe('flux-system');
  });

  it('names the HelmRelease object helmReleaseName while the Helm release keeps the component name', async () => {
    const { objects } = await lowerHelm('cache', { chart: 'redis', source: { url: repo }, helmReleaseName: 'cache-release' });
    const release = objectOf(objects, 'HelmRelease');
    expect(release.metadata.name).toBe('cache-release');
    expect(release.metadata.labels?.[COMPONENT_LABEL]).toBe('cache');
    expect((release.spec as Spec).releaseName).toBe('cache');
  });
});
