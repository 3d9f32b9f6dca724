import { describe, expect, it } from 'vitest';
import { buildFetching } from '../../../src/engine/build.js';
import { isKurelError } from '../../../src/engine/diagnostics.js';
import { exampleDocument } from '../../../src/engine/publish/reference-docs.js';
import { publishedTypes, type PublishedType } from '../../../src/engine/publish/schema-set.js';
import type { KurelPlugin, TypeDeclaration } from '../../../src/plugin-api/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { plugin, registryOf } from './support.js';

// Every page of the reference docs carries an example that builds. Declared types (delivery
// traits and policies) build once their consumer registers a handler: a stub consumer here
// accepts the declared properties and renders nothing.

const builtins = [builtinComponents, builtinKinds, builtinTraits, builtinPolicies];

// A trait whose capability is required builds only against a profile that binds it.
const EXAMPLE_PROFILE = {
  file: 'profile.yaml',
  text: [
    'apiVersion: launcher.gokure.dev/v1alpha1',
    'kind: ClusterProfile',
    'metadata: {name: example}',
    'spec:',
    '  capabilities:',
    '    certificate: {rendering: {issuerRef: {name: example-issuer, kind: ClusterIssuer}}}',
    '    external-secret: {rendering: {secretStoreRef: {name: example-store, kind: ClusterSecretStore}}}',
    '    expose: {rendering: {controllerType: ingress, ingressClassName: nginx}}',
    '',
  ].join('\n'),
};

function deliveryConsumer(): KurelPlugin {
  const declared = (declarations: TypeDeclaration[] = []) => declarations.map(({ type, description, properties }) => ({ type, description, properties }));
  return plugin('delivery-consumer', {
    traits: declared(builtins.flatMap((entry) => entry.declarations?.traits ?? [])).map((trait) => ({ ...trait, apply: () => undefined })),
    policies: declared(builtins.flatMap((entry) => entry.declarations?.policies ?? [])).map((policy) => ({ ...policy, render: () => ({}) })),
  });
}

// What helm would print for a chart an example renders at build time: the host is not in this test.
const RENDERED = '---\n# Source: chart/templates/config.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: rendered}\n';

/** Builds a type's example; the refusal's messages, or why it produced nothing. */
async function buildProblems(entry: PublishedType, registry: ReturnType<typeof registryOf>): Promise<string[]> {
  if (entry.example === undefined) return ['has no example'];
  try {
    const text = exampleDocument(entry, entry.example);
    const input = { application: { file: `${entry.type}.yaml`, text }, profile: EXAMPLE_PROFILE, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } };
    const result = await buildFetching(input, registry, async () => ({}), async (requests) => Object.fromEntries(requests.map((request) => [request.component, RENDERED])));
    return result.objects.length > 0 ? [] : ['builds no object'];
  } catch (error) {
    if (isKurelError(error)) return error.diagnostics.map((diagnostic) => `${diagnostic.path ?? ''} ${diagnostic.message}`);
    throw error;
  }
}

describe('the examples of the reference docs', () => {
  it('exist for every built-in type and build', async () => {
    const types = publishedTypes(registryOf(builtins));
    const registry = registryOf([...builtins, deliveryConsumer()]);
    const problems: string[] = [];
    for (const entry of types) problems.push(...(await buildProblems(entry, registry)).map((problem) => `${entry.position}/${entry.type}: ${problem}`));
    expect(types.length).toBeGreaterThan(130);
    expect(problems).toEqual([]);
  });

  it('fail the check for a type without one', async () => {
    const bare = plugin('bare', { components: [{ type: 'bare', description: 'A kind with no example.', properties: {}, render: () => ({ objects: [] }) }] });
    const registry = registryOf([...builtins, bare]);
    const entry = publishedTypes(registry).find((published) => published.type === 'bare')!;
    expect(await buildProblems(entry, registry)).toEqual(['has no example']);
  });
});
