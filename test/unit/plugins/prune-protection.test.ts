import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { pruneProtection } from '../../../plugins/builtin-traits/prune-protection.js';
import { deploymentObject, deploymentComponent } from './fixtures.js';

const component = () => deploymentComponent('api');

// The delivery intent it records has no place in the build output.
describe('prune-protection trait', () => {
  it('emits nothing and leaves the component unchanged', async () => {
    await builtinTester('traits').runTrait(pruneProtection.type, [{ component: component(), properties: {}, objects: [deploymentObject('api')] }]);
  });

  it('refuses any property', async () => {
    await builtinTester('traits').runTrait(pruneProtection.type, [{ component: component(), properties: { enabled: true }, error: { message: /unsupported field "enabled"/ } }]);
  });
});
