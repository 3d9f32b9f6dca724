import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine/build.js';
import { handlerContracts, handlerSchemas } from '../../../src/engine/contracts.js';
import type { ComponentLoweringRule } from '../../../src/plugin-api/index.js';
import { configMapHandler, plugin, policyHandler, recordingTrait, registryOf } from './support.js';

// A test-only plugin: a kind with its object, a rule that lowers into it, a deprecated trait and
// a deprecated rule, a policy, and one trait that declares no contract.

const old: ComponentLoweringRule = {
  position: 'component',
  type: 'old-box',
  description: 'A deprecated rule.',
  properties: { value: { type: 'string', description: 'V.' } },
  contract: { family: 'old-box', version: 'v2', deprecated: true, deprecationMessage: 'use box' },
  lower: ({ component }) => ({ components: [{ name: component.name, type: 'box', properties: component.properties }] }),
};

const registry = registryOf([
  plugin('test', {
    components: [configMapHandler('box', { contract: { family: 'box', version: 'v1' }, object: { apiVersion: 'v1', kind: 'ConfigMap', scope: 'namespaced' } })],
    traits: [recordingTrait('tag', [], { contract: { family: 'tag', deprecated: true } }), recordingTrait('plain', [])],
    policies: [{ ...policyHandler('order'), contract: { family: 'order', version: 'v1' } }],
    lowering: [old],
  }),
]);

describe('handlerContracts and handlerSchemas', () => {
  it('answer for every handler and rule that declares one, by position and type', () => {
    expect(handlerContracts(registry)).toEqual({
      components: { box: { family: 'box', version: 'v1' }, 'old-box': old.contract },
      traits: { tag: { family: 'tag', deprecated: true } },
      policies: { order: { family: 'order', version: 'v1' } },
    });
    const schemas = handlerSchemas(registry);
    expect(Object.keys(schemas.components.box)).toEqual(['value', 'count', 'objectName', 'labels', 'annotations']);
    expect(schemas.components['old-box']).toBe(old.properties);
    expect(Object.keys(schemas.traits).sort()).toEqual(['plain', 'tag']);
  });
});

describe('deprecation warnings', () => {
  it('warn once per authored element of a deprecated type, in document order, and never for what a rule emits', () => {
    const text = [
      'apiVersion: launcher.gokure.dev/v1alpha1',
      'kind: Application',
      'metadata: {name: shop}',
      'spec:',
      '  components:',
      '  - {name: a, type: box, traits: [{type: tag}]}',
      '  - {name: b, type: old-box}',
      '  - {name: c, type: box, traits: [{type: plain}, {type: tag}]}',
    ].join('\n');
    const result = build({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry);
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      'component "a": trait type tag is deprecated',
      'component "b": type old-box is deprecated: use box',
      'component "c": trait type tag is deprecated',
    ]);
  });
});
