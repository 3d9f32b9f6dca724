import { defineTrait } from 'kurel/plugin-api';

// Sets the PruneProtection delivery intent on the component's application. `kurel build` output
// has no place for an intent, so the trait changes nothing in it.

export const pruneProtection = defineTrait({
  type: 'prune-protection',
  description: "Ask the delivery engine not to prune the component's objects. Records a delivery intent; changes nothing in kurel build output.",
  example: {},
  contract: { family: 'prune-protection', version: 'v1alpha1' },
  everyMember: true,
  properties: {},
  deliveryIntent: 'prune-protection',
  apply() {},
});
