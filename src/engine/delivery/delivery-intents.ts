import type { DeliveryIntent } from '../../plugin-api/index.js';
import type { SealedRegistry } from '../registry.js';
import type { Application } from '../model.js';

/**
 * The delivery intents, the last step of the transform: an application takes each intent any of
 * its members' traits declares, and it covers the sub-applications of all of them, whatever order
 * the traits were written in. A synthesized NetworkPolicy is no component's sub-application and
 * takes none.
 */
export function applyDeliveryIntents(applications: Application[], registry: SealedRegistry): Application[] {
  return applications.map((application) => {
    const intents = new Set<DeliveryIntent>();
    for (const { component } of application.members) {
      for (const trait of component.traits) {
        const intent = registry.trait(trait.type)?.value.deliveryIntent;
        if (intent) intents.add(intent);
      }
    }
    return intents.size > 0 ? { ...application, delivery: [...intents] } : application;
  });
}
