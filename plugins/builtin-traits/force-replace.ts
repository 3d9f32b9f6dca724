import { defineTrait } from 'kurel/plugin-api';

// Sets the ForceReplace delivery intent on the component's application. `kurel build` output has
// no place for an intent, so the trait changes nothing in it; its claims are warned about.

export const forceReplace = defineTrait({
  type: 'force-replace',
  description: "Ask the delivery engine to replace the component's objects when an update changes an immutable field. Records a delivery intent; changes nothing in kurel build output.",
  example: {},
  contract: { family: 'force-replace', version: 'v1alpha1' },
  everyMember: true,
  properties: {},
  deliveryIntent: 'force-replace',
  apply() {},
});
