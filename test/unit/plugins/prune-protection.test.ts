import { describe, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { pruneProtection } from '../../../plugins/builtin-traits/prune-protection.js';
import { deploymentObject } from './fixtures.js';

const component = () => ({ name: 'api', type: 'deployment', objects: [deploymentObject('api')] });

// The delivery intent it records has no place in the build output.
describe('prune-protection trait', () => {
  it('emits nothing and leaves the component unchanged', () => {
    new HandlerTester().runTrait(pruneProtection, [{ component: component(), properties: {}, objects: [], componentObjects: [deploymentObject('api')] }]);
  });

  it('refuses any property', () => {
    new HandlerTester().runTrait(pruneProtection, [{ component: component(), properties: { enabled: true }, error: { message: /unsupported field "enabled"/ } }]);
  });
});
