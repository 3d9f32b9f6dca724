import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthoredComponent, DocumentInfo, LoweringContext } from 'kurel/plugin-api';
import { createLoweringTestContext } from '../../../src/plugin-api/testing/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import { ociRule } from '../../../plugins/builtin-kinds/flux-delivery/oci.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { build } from '../../../src/engine/build.js';
import { registryOf, refusal as buildRefusal } from '../engine/support.js';
import { checked, refusal, EVERY_MEMBER } from './support.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

const artifact = 'oci://registry.example.com/platform/base';
const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);

type Authored = { name: string; properties: Record<string, unknown>; traits?: AuthoredComponent['traits']; annotations?: Record<string, string> };

/** A document of oci components, as the engine hands it to the rule in a lowering round. */
function documentOf(components: Authored[]): DocumentInfo {
  return { name: 'shop', kind: 'Application', namespace: 'default', components: components.map((c) => ({ name: c.name, type: 'oci', properties: checked(ociRule.properties, c.properties) })) };
}

function lowerOci(component: Authored, document: DocumentInfo = documentOf([component]), ctx: LoweringContext = createLoweringTestContext({ everyMemberTraits: EVERY_MEMBER, plugins: SOURCE_BUILTINS })): AuthoredComponent[] {
  const properties = checked(ociRule.properties, component.properties);
  return ociRule.lower({ component: { type: 'oci', ...component, properties }, document }, ctx).components!;
}

const props = (extra: Record<string, unknown> = {}, source: Record<string, unknown> = {}) => ({ source: { url: artifact, ...source }, version: '1.4.0', ...extra });

function buildApp(components: string) {
  const text = ['apiVersion: launcher.gokure.dev/v1alpha1', 'kind: Application', 'metadata: {name: shop, namespace: default}', 'spec:', '  components:', components].join('\n');
  return build({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry);
}

describe('oci lowering', () => {
  it('lowers a component alone on its artifact to a same-name pair, the source first, with the defaults', () => {
    expect(lowerOci({ name: 'podinfo', properties: props() })).toEqual([
      { name: 'podinfo', type: 'ocirepository', properties: { url: artifact, ref: { tag: '1.4.0' }, interval: '60m' }, traits: [] },
      { name: 'podinfo', type: 'fluxcd-kustomization', properties: { interval: '60m', path: './', prune: true, sourceRef: { kind: 'OCIRepository', name: 'podinfo' } }, traits: [] },
    ]);
  });

  it('pins a sha256: version as ref.digest and forwards path, prune, interval, targetNamespace and healthChecks', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const check = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'controller', namespace: 'ingress' };
    const [source, kustomization] = lowerOci({
      name: 'ingress',
      properties: { source: { url: artifact }, version: digest, path: './overlays/production', prune: false, interval: '10m', targetNamespace: 'ingress', healthChecks: [check] },
    });
    expect(source.properties).toEqual({ url: artifact, ref: { digest }, interval: '10m' });
    expect(kustomization.properties).toEqual({
      interval: '10m',
      path: './overlays/production',
      prune: false,
      sourceRef: { kind: 'OCIRepository', name: 'ingress' },
      targetNamespace: 'ingress',
      healthChecks: [check],
    });
    const [, waiting] = lowerOci({ name: 'monitoring', properties: props({ wait: true }) });
    expect(waiting.properties.wait).toBe(true);
  });

  it('gives its own source the component annotations and its prune-protection and force-replace traits; the Kustomization every trait', () => {
    const traits = [
      { type: 'prune-protection', properties: {} },
      { type: 'networkpolicy', properties: { ingress: [] } },
    ];
    const [source, kustomization] = lowerOci({ name: 'podinfo', properties: props(), traits, annotations: { note: 'x' } });
    expect(source.traits!.map((t) => t.type)).toEqual(['prune-protection']);
    expect(kustomization.traits!.map((t) => t.type)).toEqual(['prune-protection', 'networkpolicy']);
    expect([source.annotations, kustomization.annotations]).toEqual([{ note: 'x' }, { note: 'x' }]);
  });

  it('shares one generated source among the components of one artifact: the first emits it, the others adopt it, each Kustomization ordered after it', () => {
    const a = { name: 'base', properties: props() };
    const b = { name: 'addons', properties: props({ interval: '1h' }) };
    const document = documentOf([a, b]);
    const ctx = createLoweringTestContext({ everyMemberTraits: EVERY_MEMBER, plugins: SOURCE_BUILTINS });
    const first = lowerOci(a, document, ctx);
    const second = lowerOci(b, document, ctx);
    // The reference's identity: url, version and the interval as Go prints it (60m and 1h are one).
    const identity = `oci-artifact:{"url":"${artifact}","version":"1.4.0","interval":"1h0m0s"}`;
    const shared = `shop-source-${createHash('sha256').update(identity).digest('hex').slice(0, 10)}`;
    expect(first.map((m) => [m.type, m.name])).toEqual([
      ['ocirepository', shared],
      ['fluxcd-kustomization', 'base'],
    ]);
    expect(first[0].traits ?? []).toEqual([]);
    expect(second.map((m) => [m.type, m.name])).toEqual([['fluxcd-kustomization', 'addons']]);
    for (const kustomization of [first[1], second[0]]) {
      expect(kustomization.orderAfter).toEqual([shared]);
      expect(kustomization.properties.sourceRef).toEqual({ kind: 'OCIRepository', name: shared });
    }
  });

  it('does not share across versions or intervals', () => {
    const a = { name: 'a', properties: props() };
    const b = { name: 'b', properties: props({ version: '1.5.0' }) };
    const c = { name: 'c', properties: props({ interval: '10m' }) };
    const document = documentOf([a, b, c]);
    for (const component of [a, b, c]) expect(lowerOci(component, document).map((m) => m.name)).toEqual([component.name, component.name]);
  });

  it('keeps the source of a component that writes source.objectName, and does not count it among the consumers', () => {
    const named = { name: 'base', properties: props({}, { objectName: 'platform-base' }) };
    const other = { name: 'addons', properties: props() };
    const document = documentOf([named, other]);
    const [source, kustomization] = lowerOci(named, document);
    expect([source.name, source.objectName, source.type]).toEqual(['base', 'platform-base', 'ocirepository']);
    expect(kustomization.properties.sourceRef).toEqual({ kind: 'OCIRepository', name: 'platform-base' });
    expect(lowerOci(other, document).map((m) => m.name)).toEqual(['addons', 'addons']);
  });

  it('names the Kustomization kustomizationName, the member keeping the component name', () => {
    const [source, kustomization] = lowerOci({ name: 'base', properties: props({ kustomizationName: 'delivery' }) });
    expect([kustomization.name, kustomization.objectName]).toEqual(['base', 'delivery']);
    expect(source.objectName).toBeUndefined();
    expect(kustomization.properties.sourceRef).toEqual({ kind: 'OCIRepository', name: 'base' });
  });

  it('generates a source named source.name on its own, even for one consumer, shared by components that write the same name', () => {
    const a = { name: 'a', properties: props({}, { name: 'platform' }) };
    const b = { name: 'b', properties: props({}, { name: 'platform' }) };
    const document = documentOf([a, b]);
    const ctx = createLoweringTestContext({ everyMemberTraits: EVERY_MEMBER, plugins: SOURCE_BUILTINS });
    const first = lowerOci(a, document, ctx);
    expect(first.map((m) => [m.type, m.name, m.orderAfter])).toEqual([
      ['ocirepository', 'platform', undefined],
      ['fluxcd-kustomization', 'a', ['platform']],
    ]);
    expect(lowerOci(b, document, ctx).map((m) => m.name)).toEqual(['b']);
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
    ['a kustomizationName over 253 characters', props({ kustomizationName: 'k'.repeat(254) }), 'cannot be the name for role "oci-kustomization": not a valid DNS-1123 subdomain: must be no more than 253 characters'],
    [
      'a source.name equal to the component name',
      props({}, { name: 'checkout' }),
      'oci: source.name "checkout" is the component\'s own name; the generated source is a component of the document too, so give it another name',
    ],
  ];
  for (const [what, properties, message] of cases) {
    it(`refuses ${what}`, () => {
      expect(refusal(() => lowerOci({ name: 'checkout', properties })).message).toContain(message);
    });
  }

  it('refuses a source.name that is another component of the document', () => {
    const a = { name: 'a', properties: props({}, { name: 'b' }) };
    const document = { ...documentOf([a]), components: [...documentOf([a]).components!, { name: 'b', type: 'deployment', properties: {} }] };
    expect(refusal(() => lowerOci(a, document)).message).toBe(
      'oci: source.name "b" is the name of a deployment component of the document; the generated source is a component of the document too, so give it another name',
    );
  });

  it('refuses one source.name for two artifacts', () => {
    const a = { name: 'a', properties: props({}, { name: 'shared' }) };
    const b = { name: 'b', properties: { source: { url: 'oci://registry.example.com/other', name: 'shared' }, version: '1' } };
    const document = documentOf([a, b]);
    const ctx = createLoweringTestContext({ everyMemberTraits: EVERY_MEMBER, plugins: SOURCE_BUILTINS });
    lowerOci(a, document, ctx);
    expect(refusal(() => lowerOci(b, document, ctx)).message).toMatch(/^oci: naming the generated source: .*"shared"/);
  });
});

describe('oci end to end', () => {
  it('emits one shared OCIRepository, placed before the Kustomizations that read it, and names objects as told', () => {
    const result = buildApp(
      [
        '    - name: base',
        '      type: oci',
        `      properties: {source: {url: "${artifact}"}, version: "1.4.0", kustomizationName: base-delivery}`,
        '    - name: addons',
        '      type: oci',
        `      properties: {source: {url: "${artifact}"}, version: "1.4.0"}`,
        '    - name: podinfo',
        '      type: oci',
        '      properties: {source: {url: "oci://ghcr.io/stefanprodan/manifests/podinfo", objectName: podinfo-artifact}, version: "6.7.0"}',
      ].join('\n'),
    );
    const summary = result.objects.map((o) => `${o.kind}/${o.metadata.name}`);
    const sources = summary.filter((s) => s.startsWith('OCIRepository/shop-source-'));
    expect(sources).toHaveLength(1);
    expect(summary.indexOf(sources[0])).toBeLessThan(summary.indexOf('Kustomization/base-delivery'));
    expect(summary.indexOf(sources[0])).toBeLessThan(summary.indexOf('Kustomization/addons'));
    expect(summary).toContain('OCIRepository/podinfo-artifact');
    const podinfo = result.objects.find((o) => o.kind === 'Kustomization' && o.metadata.name === 'podinfo') as any;
    expect(podinfo.spec.sourceRef).toEqual({ kind: 'OCIRepository', name: 'podinfo-artifact' });
    expect(podinfo.metadata.labels['launcher.gokure.dev/component']).toBe('podinfo');
    const delivery = result.objects.find((o) => o.metadata.name === 'base-delivery') as any;
    expect(delivery.metadata.labels['launcher.gokure.dev/component']).toBe('base');
    // The shared source is the document's: no component owns it, so it carries no component label;
    // a source a component keeps to itself carries that component's.
    const shared = result.objects.find((o) => o.metadata.name === sources[0].slice('OCIRepository/'.length))!;
    expect(shared.metadata.labels?.['launcher.gokure.dev/component']).toBeUndefined();
    const own = result.objects.find((o) => o.metadata.name === 'podinfo-artifact')!;
    expect(own.metadata.labels?.['launcher.gokure.dev/component']).toBe('podinfo');
  });

  it('refuses two components that give their Kustomizations one name, naming both (inventory §9.8)', () => {
    const error = buildRefusal(() =>
      buildApp(
        [
          '    - name: manifests',
          '      type: oci',
          '      properties: {source: {url: "oci://r.example.com/a"}, version: "1", kustomizationName: delivery}',
          '    - name: other',
          '      type: oci',
          '      properties: {source: {url: "oci://r.example.com/b"}, version: "1", kustomizationName: delivery}',
        ].join('\n'),
      ),
    );
    expect(error.message).toContain(
      'component "other" (type "oci") in document "shop" (kind "Application"): oci: naming the Kustomization: name collision: Kustomization.kustomize.toolkit.fluxcd.io "delivery" is named by component "manifests" (role "oci-kustomization", set by kustomizationName) and by component "other" (role "oci-kustomization", set by kustomizationName); give one of them another name\n  round 0: component/oci@v1alpha1 "manifests" -> [manifests manifests]',
    );
  });

  it('refuses a url without oci:// at its authored place', () => {
    const error = buildRefusal(() => buildApp('    - name: web\n      type: oci\n      properties: {source: {url: "https://example.com/x"}, version: "1"}'));
    expect(error.message).toMatch(/^app\.yaml:\d+:\d+ .*oci: source\.url must use the oci:\/\/ scheme/);
  });
});
