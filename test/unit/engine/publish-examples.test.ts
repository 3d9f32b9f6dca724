import { describe, expect, it } from 'vitest';
import { buildFetching } from '../../../src/engine/build.js';
import { isKurelError } from '../../../src/plugin-api/diagnostics.js';
import { exampleDocument } from '../../../src/engine/publish/reference-docs.js';
import { DELIVERY_TYPE_NOTE, publishedTypes, type PublishedType } from '../../../src/engine/publish/schema-set.js';
import { publishSchemas } from '../../../src/engine/publish/index.js';
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

/** The fenced YAML block of a page that starts with `# <file>`, as printed. */
function printedBlock(page: string, file: string): string | undefined {
  return [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]).find((block) => block.startsWith(`# ${file}\n`));
}

/** Builds a page's example exactly as the page prints it: its app.yaml, with its profile.yaml when it shows one. */
async function buildPrinted(page: string, registry: ReturnType<typeof registryOf>): Promise<string[]> {
  const app = printedBlock(page, 'app.yaml');
  if (app === undefined) return ['prints no app.yaml'];
  const profile = printedBlock(page, 'profile.yaml');
  try {
    const input = { application: { file: 'app.yaml', text: app }, profile: profile === undefined ? undefined : { file: 'profile.yaml', text: profile }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } };
    const result = await buildFetching(input, registry, async () => ({}), async (requests) => Object.fromEntries(requests.map((request) => [request.component, RENDERED])));
    return result.objects.length > 0 ? [] : ['builds no object'];
  } catch (error) {
    if (isKurelError(error)) return error.diagnostics.map((diagnostic) => `${diagnostic.path ?? ''} ${diagnostic.message}`);
    throw error;
  }
}

describe('the examples of the reference docs', () => {
  const registry = registryOf(builtins);
  const { types, files } = publishSchemas(registry);
  const pageOf = (entry: PublishedType) => files[`docs/${entry.position === 'policy' ? 'policies' : `${entry.position}s`}/${entry.type}.md`];

  it('build exactly as each page prints them, with the profile the page shows', async () => {
    const shown = types.filter((entry) => entry.implementation !== 'declaration');
    const problems: string[] = [];
    for (const entry of shown) problems.push(...(await buildPrinted(pageOf(entry), registry)).map((problem) => `${entry.position}/${entry.type}: ${problem}`));
    expect(shown.length).toBeGreaterThan(125);
    expect(problems).toEqual([]);
  });

  it('show the profile an example needs', () => {
    for (const type of ['certificate', 'expose', 'external-secret']) {
      const page = files[`docs/traits/${type}.md`];
      expect(page).toContain('It builds as shown with `kurel build app.yaml --profile profile.yaml`.');
      expect(printedBlock(page, 'profile.yaml')).toContain(`    ${type}:\n      rendering:\n`);
    }
  });

  it('mark delivery types, whose examples are kept out of "builds as shown" and are refused without their consumer', async () => {
    const delivery = types.filter((entry) => entry.implementation === 'declaration');
    expect(delivery.map((entry) => entry.type)).toEqual(expect.arrayContaining(['fluxcd-patches', 'fluxcd-postbuild', 'reconciliation', 'health-checks']));
    for (const entry of delivery) {
      const page = pageOf(entry);
      expect(page).toContain(`- ${DELIVERY_TYPE_NOTE}`);
      expect(page).not.toContain('It builds as shown');
      expect(entry.schema.description).toMatch(/^Delivery type: /);
      expect(await buildPrinted(page, registry)).not.toEqual([]);
    }
  });

  it('build with a consumer that registers the delivery types', async () => {
    const withConsumer = registryOf([...builtins, deliveryConsumer()]);
    const problems: string[] = [];
    for (const entry of types) problems.push(...(await buildProblems(entry, withConsumer)).map((problem) => `${entry.position}/${entry.type}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('fail the check for a type without one', async () => {
    const bare = plugin('bare', { components: [{ type: 'bare', description: 'A kind with no example.', properties: {}, render: () => ({ objects: [] }) }] });
    const registry = registryOf([...builtins, bare]);
    const entry = publishedTypes(registry).find((published) => published.type === 'bare')!;
    expect(await buildProblems(entry, registry)).toEqual(['has no example']);
  });
});
