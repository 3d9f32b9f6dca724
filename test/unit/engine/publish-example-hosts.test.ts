import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { publishSchemas } from '../../../src/engine/publish/index.js';
import { exampleDocument } from '../../../src/engine/publish/reference-docs.js';
import { publishedTypes } from '../../../src/engine/publish/schema-set.js';
import type { ComponentHandler, PolicyHandler, TraitHandler } from '../../../src/plugin-api/index.js';
import { plugin, registryOf } from './support.js';

// The reference docs show a trait's or a policy's example on components of the registry's own
// types, those that declare an `exampleHost`: the engine names no component type of its own.

const component = (type: string, exampleHost?: Record<string, unknown>): ComponentHandler => ({
  type,
  description: `The ${type} type.`,
  properties: { size: { type: 'integer', description: 'Size.' } },
  ...(exampleHost ? { exampleHost } : {}),
  render: () => ({ objects: [] }),
});
const trait = (type: string, componentTypes?: string[]): TraitHandler => ({
  type,
  description: `The ${type} trait.`,
  properties: { level: { type: 'integer', description: 'Level.' } },
  example: { level: 3 },
  ...(componentTypes ? { componentTypes } : {}),
  apply: () => undefined,
});
const policy: PolicyHandler = { type: 'spread', description: 'Spreads.', properties: {}, example: {} };

const registry = registryOf([
  plugin('acme', {
    components: [component('plain'), component('box', { size: 1 }), component('crate', { size: 2 }), component('vat', { size: 3 })],
    traits: [trait('stamp'), trait('seal', ['vat'])],
    policies: [policy],
  }),
]);
const documentOf = (type: string) => {
  const entry = publishedTypes(registry).find((published) => published.type === type)!;
  return parse(exampleDocument(entry, entry.example!));
};

describe('reference docs: example hosts from the registry', () => {
  it("attaches a trait's example to a component of the first type that declares a host, of those it applies to", () => {
    expect(documentOf('stamp').spec.components).toEqual([{ name: 'example', type: 'box', properties: { size: 1 }, traits: [{ type: 'stamp', properties: { level: 3 } }] }]);
    expect(documentOf('seal').spec.components).toEqual([{ name: 'example', type: 'vat', properties: { size: 3 }, traits: [{ type: 'seal', properties: { level: 3 } }] }]);
  });

  it("writes a policy's example over components of the first two host types", () => {
    expect(documentOf('spread').spec).toEqual({
      components: [
        { name: 'example', type: 'box', properties: { size: 1 } },
        { name: 'example-db', type: 'crate', properties: { size: 2 } },
      ],
      policies: [{ name: 'example-policy', type: 'spread', properties: {} }],
    });
  });

  it('leaves the example out of a trait page where no component type offers a host', () => {
    const bare = registryOf([plugin('acme', { components: [component('plain')], traits: [trait('stamp')] })]);
    const page = publishSchemas(bare).files['docs/traits/stamp.md'];
    expect(page).toContain('## Properties');
    expect(page).not.toContain('## Example');
  });
});
