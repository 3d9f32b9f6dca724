import { describe, expect, it } from 'vitest';
import { generatedSourceNames } from '../../../src/engine/generated-sources.js';
import type { WorkComponent } from '../../../src/engine/model.js';

// A generated source is a Flux source a rule emitted, that another component waits on, that waits on
// nothing and belongs to no sibling group; every other source is a component like any other.

function component(name: string, type: string, extra: Partial<WorkComponent> = {}): WorkComponent {
  return { name, type, properties: {}, annotations: {}, traits: [], orderAfter: [], origin: { document: 'shop', documentKind: 'Application', namespace: 'default', rule: '' }, path: [], emitted: true, ...extra };
}

describe('generatedSourceNames', () => {
  it('finds the emitted source another component waits on', () => {
    const components = [component('shop-source-1', 'helmrepository'), component('cache', 'helmrelease', { orderAfter: ['shop-source-1'] })];
    expect([...generatedSourceNames(components)]).toEqual(['shop-source-1']);
  });

  it('leaves out an authored source, one nothing waits on, one that waits itself, a sibling member and a non-source', () => {
    const components = [
      component('authored', 'helmrepository', { emitted: false }),
      component('alone', 'ocirepository'),
      component('waiting', 'gitrepository', { orderAfter: ['other'] }),
      component('pair', 'ocirepository', { group: 1 }),
      component('settings', 'configmap'),
      component('consumer', 'helmrelease', { orderAfter: ['authored', 'waiting', 'pair', 'settings'] }),
    ];
    expect([...generatedSourceNames(components)]).toEqual([]);
  });
});
