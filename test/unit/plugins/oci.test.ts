import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { K8sObject } from 'kurel/plugin-api';
import type { ComponentSpec } from 'kurel/plugin-api/testing';
import { builtinTester, objectOf, refusalOf } from '../../support/engine.js';

const artifact = 'oci://registry.example.com/platform/base';
const tester = builtinTester('components');
const COMPONENT_LABEL = 'launcher.gokure.dev/component';

type Authored = Omit<ComponentSpec, 'type'>;

/** The oci components of one Application as the CLI builds them: objects, each component's members and the bundle's order. */
async function deliver(...components: Authored[]) {
  const result = await tester.build(components.map((component) => ({ ...component, type: 'oci' })));
  return {
    objects: result.objects,
    members: result.chains.map((chain) => chain.members.map((member) => ({ name: member.name, type: member.type, traits: member.traits.map((trait) => trait.type) }))),
    bundle: result.bundle,
  };
}

const props = (extra: Record<string, unknown> = {}, source: Record<string, unknown> = {}) => ({ source: { url: artifact, ...source }, version: '1.4.0', ...extra });
const specOf = (objects: K8sObject[], kind: string, name: string) => objectOf(objects, kind, name).spec as Record<string, unknown>;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The start of the CLI's message for a refusal by the oci rule of component `name`. */
const lowering = (name: string, message: string) => new RegExp(`^${escape(`lowering component "${name}" (type "oci") in document "app" (kind "Application"): ${message}`)}`);

describe('oci lowering', () => {
  it('lowers a component alone on its artifact to a same-name pair, the source first, with the defaults', async () => {
    const { objects, members } = await deliver({ name: 'podinfo', properties: props() });
    expect(members).toEqual([
      [
        { name: 'podinfo', type: 'ocirepository', traits: [] },
        { name: 'podinfo', type: 'fluxcd-kustomization', traits: [] },
      ],
    ]);
    const metadata = { name: 'podinfo', namespace: 'default', labels: { [COMPONENT_LABEL]: 'podinfo' } };
    expect(objects).toEqual([
      { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'OCIRepository', metadata, spec: { url: artifact, ref: { tag: '1.4.0' }, interval: '1h0m0s' } },
      { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata, spec: { interval: '1h0m0s', path: './', prune: true, sourceRef: { kind: 'OCIRepository', name: 'podinfo' } } },
    ]);
  });

  it('pins a sha256: version as ref.digest and forwards path, prune, interval, targetNamespace and healthChecks', async () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const check = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'controller', namespace: 'ingress' };
    const { objects } = await deliver({
      name: 'ingress',
      properties: { source: { url: artifact }, version: digest, path: './overlays/production', prune: false, interval: '10m', targetNamespace: 'ingress', healthChecks: [check] },
    });
    expect(specOf(objects, 'OCIRepository', 'ingress')).toEqual({ url: artifact, ref: { digest }, interval: '10m0s' });
    expect(specOf(objects, 'Kustomization', 'ingress')).toEqual({
      interval: '10m0s',
      path: './overlays/production',
      prune: false,
      sourceRef: { kind: 'OCIRepository', name: 'ingress' },
      targetNamespace: 'ingress',
      healthChecks: [check],
    });
    const waiting = await deliver({ name: 'monitoring', properties: props({ wait: true }) });
    expect(specOf(waiting.objects, 'Kustomization', 'monitoring').wait).toBe(true);
  });

  it('gives its own source its prune-protection and force-replace traits; the Kustomization every trait', async () => {
    const traits = [
      { type: 'prune-protection', properties: {} },
      { type: 'networkpolicy', properties: { ingress: [] } },
    ];
    const { members, objects } = await deliver({ name: 'podinfo', properties: props(), traits });
    expect(members[0].map((member) => [member.type, member.traits])).toEqual([
      ['ocirepository', ['prune-protection']],
      ['fluxcd-kustomization', ['prune-protection', 'networkpolicy']],
    ]);
    expect(objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['OCIRepository/podinfo', 'Kustomization/podinfo', 'NetworkPolicy/podinfo-allow']);
  });

  it('shares one generated source among the components of one artifact: the first emits it, the others adopt it, each Kustomization ordered after it', async () => {
    const { objects, members, bundle } = await deliver({ name: 'base', properties: props() }, { name: 'addons', properties: props({ interval: '1h' }) });
    // The reference's identity: url, version and the interval as Go prints it (60m and 1h are one).
    const identity = `oci-artifact:{"url":"${artifact}","version":"1.4.0","interval":"1h0m0s"}`;
    const shared = `app-source-${createHash('sha256').update(identity).digest('hex').slice(0, 10)}`;
    expect(members.map((list) => list.map((member) => [member.type, member.name]))).toEqual([
      [
        ['ocirepository', shared],
        ['fluxcd-kustomization', 'base'],
      ],
      [['fluxcd-kustomization', 'addons']],
    ]);
    expect(members[0][0].traits).toEqual([]);
    expect(bundle.applications).toEqual([shared]);
    expect(bundle.groups.map((group) => group.components)).toEqual([['base', 'addons']]);
    for (const name of ['base', 'addons']) expect(specOf(objects, 'Kustomization', name).sourceRef).toEqual({ kind: 'OCIRepository', name: shared });
  });

  it('does not share across versions or intervals', async () => {
    const { members } = await deliver({ name: 'a', properties: props() }, { name: 'b', properties: props({ version: '1.5.0' }) }, { name: 'c', properties: props({ interval: '10m' }) });
    expect(members.map((list) => list.map((member) => member.name))).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['c', 'c'],
    ]);
  });

  it('keeps the source of a component that writes source.objectName, and does not count it among the consumers', async () => {
    const { objects, members } = await deliver({ name: 'base', properties: props({}, { objectName: 'platform-base' }) }, { name: 'addons', properties: props() });
    expect(members[0].map((member) => [member.name, member.type])).toEqual([
      ['base', 'ocirepository'],
      ['base', 'fluxcd-kustomization'],
    ]);
    expect(objectOf(objects, 'OCIRepository', 'platform-base').metadata.labels).toEqual({ [COMPONENT_LABEL]: 'base' });
    expect(specOf(objects, 'Kustomization', 'base').sourceRef).toEqual({ kind: 'OCIRepository', name: 'platform-base' });
    expect(members[1].map((member) => member.name)).toEqual(['addons', 'addons']);
  });

  it('names the Kustomization kustomizationName, the member keeping the component name', async () => {
    const { objects, members } = await deliver({ name: 'base', properties: props({ kustomizationName: 'delivery' }) });
    expect(members[0].map((member) => member.name)).toEqual(['base', 'base']);
    expect(objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['OCIRepository/base', 'Kustomization/delivery']);
    expect(objectOf(objects, 'Kustomization', 'delivery').metadata.labels).toEqual({ [COMPONENT_LABEL]: 'base' });
    expect(specOf(objects, 'Kustomization', 'delivery').sourceRef).toEqual({ kind: 'OCIRepository', name: 'base' });
  });

  it('generates a source named source.name on its own, even for one consumer, shared by components that write the same name', async () => {
    const { members, bundle } = await deliver({ name: 'a', properties: props({}, { name: 'platform' }) }, { name: 'b', properties: props({}, { name: 'platform' }) });
    expect(members.map((list) => list.map((member) => [member.type, member.name]))).toEqual([
      [
        ['ocirepository', 'platform'],
        ['fluxcd-kustomization', 'a'],
      ],
      [['fluxcd-kustomization', 'b']],
    ]);
    expect(bundle.applications).toEqual(['platform']);
    expect(bundle.groups.map((group) => group.components)).toEqual([['a', 'b']]);
  });
});

describe('oci refusals', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a url without oci://', { source: { url: 'https://example.com/x' }, version: '1' }, 'oci: source.url must use the oci:// scheme'],
    ['an empty version', props({ version: '' }), 'oci: version is required (a tag, or sha256:<digest>)'],
    ['an interval that is no Flux duration', props({ interval: '-5m' }), 'oci: interval "-5m" is invalid: must be a Flux duration (unsigned; units ms, s, m, h; e.g. 10m, 1h30m)'],
    ['an interval in days', props({ interval: '1d' }), 'oci: interval "1d" is invalid: must be a Flux duration'],
    ['an interval below a millisecond', props({ interval: '0.5ms' }), `oci: interval "0.5ms" is invalid: it would be emitted as "500µs", below Flux's millisecond resolution (use 0s or at least 1ms)`],
    [
      'wait beside healthChecks',
      props({ wait: true, healthChecks: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'x' }] }),
      'oci: wait: true and healthChecks are mutually exclusive: kustomize-controller ignores healthChecks when wait is true, so the listed checks would never run; drop wait to check only the listed objects, or drop healthChecks to wait for everything applied',
    ],
    [
      'source.objectName beside source.name',
      props({}, { objectName: 'artifact', name: 'artifact-source' }),
      "oci: source.objectName and source.name are both set, and each names the OCIRepository in another way: write source.objectName to rename the source the component keeps to itself, which stays with the Kustomization and carries the component's annotations and its prune-protection and force-replace traits; write source.name for a source generated on its own, which components that write the same name share",
    ],
    [
      'an empty source.objectName',
      props({}, { objectName: '' }),
      'oci: naming the source: source.objectName "" cannot be the name for role "oci-source": it is empty; write a valid name, or leave the property out for the default "checkout"',
    ],
    [
      'an empty kustomizationName',
      props({ kustomizationName: '' }),
      'oci: naming the Kustomization: kustomizationName "" cannot be the name for role "oci-kustomization": it is empty; write a valid name, or leave the property out for the default "checkout"',
    ],
    ['a source.objectName that is no subdomain', props({}, { objectName: 'Not_A_Name' }), 'oci: naming the source: source.objectName "Not_A_Name" cannot be the name for role "oci-source": not a valid DNS-1123 subdomain: a lowercase RFC 1123 subdomain'],
    [
      'a kustomizationName over 253 characters',
      props({ kustomizationName: 'k'.repeat(254) }),
      `oci: naming the Kustomization: kustomizationName "${'k'.repeat(254)}" cannot be the name for role "oci-kustomization": not a valid DNS-1123 subdomain: must be no more than 253 characters`,
    ],
    [
      'a source.name equal to the component name',
      props({}, { name: 'checkout' }),
      'oci: source.name "checkout" is the component\'s own name; the generated source is a component of the document too, so give it another name',
    ],
  ];
  for (const [what, properties, message] of cases) {
    it(`refuses ${what}`, async () => {
      await tester.runComponent('oci', [{ name: 'checkout', properties, error: { code: 'KUREL_LOWERING', message: lowering('checkout', message) } }]);
    });
  }

  it('refuses a source.name that is another component of the document', async () => {
    const refusal = await refusalOf([
      { name: 'a', type: 'oci', properties: props({}, { name: 'b' }) },
      { name: 'b', type: 'deployment', properties: { image: 'ghcr.io/example/b:v1' } },
    ]);
    expect(refusal.code).toBe('KUREL_LOWERING');
    expect(refusal.message).toMatch(lowering('a', 'oci: source.name "b" is the name of a deployment component of the document; the generated source is a component of the document too, so give it another name'));
  });

  it('refuses one source.name for two artifacts', async () => {
    const refusal = await refusalOf([
      { name: 'a', type: 'oci', properties: props({}, { name: 'shared' }) },
      { name: 'b', type: 'oci', properties: { source: { url: 'oci://registry.example.com/other', name: 'shared' }, version: '1' } },
    ]);
    expect(refusal.message).toMatch(/^lowering component "b" \(type "oci"\) in document "app" \(kind "Application"\): oci: naming the generated source: .*"shared"/);
  });
});

describe('oci end to end', () => {
  it('emits one shared OCIRepository, placed before the Kustomizations that read it, and names objects as told', async () => {
    const { objects } = await deliver(
      { name: 'base', properties: props({ kustomizationName: 'base-delivery' }) },
      { name: 'addons', properties: props() },
      { name: 'podinfo', properties: { source: { url: 'oci://ghcr.io/stefanprodan/manifests/podinfo', objectName: 'podinfo-artifact' }, version: '6.7.0' } },
    );
    const summary = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    const sources = summary.filter((s) => s.startsWith('OCIRepository/app-source-'));
    expect(sources).toHaveLength(1);
    expect(summary.indexOf(sources[0])).toBeLessThan(summary.indexOf('Kustomization/base-delivery'));
    expect(summary.indexOf(sources[0])).toBeLessThan(summary.indexOf('Kustomization/addons'));
    expect(summary).toContain('OCIRepository/podinfo-artifact');
    const podinfo = objectOf(objects, 'Kustomization', 'podinfo');
    expect((podinfo.spec as Record<string, unknown>).sourceRef).toEqual({ kind: 'OCIRepository', name: 'podinfo-artifact' });
    expect(podinfo.metadata.labels?.[COMPONENT_LABEL]).toBe('podinfo');
    expect(objectOf(objects, 'Kustomization', 'base-delivery').metadata.labels?.[COMPONENT_LABEL]).toBe('base');
    // The shared source is the document's: no component owns it, so it carries no component label;
    // a source a component keeps to itself carries that component's.
    expect(objectOf(objects, 'OCIRepository', sources[0].slice('OCIRepository/'.length)).metadata.labels?.[COMPONENT_LABEL]).toBeUndefined();
    expect(objectOf(objects, 'OCIRepository', 'podinfo-artifact').metadata.labels?.[COMPONENT_LABEL]).toBe('podinfo');
  });

  it('refuses two components that give their Kustomizations one name, naming both (inventory §9.8)', async () => {
    const refusal = await refusalOf([
      { name: 'manifests', type: 'oci', properties: { source: { url: 'oci://r.example.com/a' }, version: '1', kustomizationName: 'delivery' } },
      { name: 'other', type: 'oci', properties: { source: { url: 'oci://r.example.com/b' }, version: '1', kustomizationName: 'delivery' } },
    ]);
    expect(refusal.message).toContain(
      'component "other" (type "oci") in document "app" (kind "Application"): oci: naming the Kustomization: name collision: Kustomization.kustomize.toolkit.fluxcd.io "delivery" is named by component "manifests" (role "oci-kustomization", set by kustomizationName) and by component "other" (role "oci-kustomization", set by kustomizationName); give one of them another name\n  round 0: component/oci@v1alpha1 "manifests" -> [manifests manifests]',
    );
  });

  it('refuses a url without oci:// at its authored place', async () => {
    await tester.runComponent('oci', [
      { properties: { source: { url: 'https://example.com/x' }, version: '1' }, error: { text: /^app\.yaml:\d+:\d+ spec\.components\[0\]\.properties\S*: .*oci: source\.url must use the oci:\/\/ scheme/ } },
    ]);
  });
});
