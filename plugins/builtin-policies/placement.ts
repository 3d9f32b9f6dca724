import { definePolicy } from 'kurel/plugin-api';

/** Places a component in a tier; tiers deploy in the order infra, services, apps. */
export const placement = definePolicy<{ component: string; tier: string }>({
  type: 'placement',
  description: 'Place a component in a deployment tier (infra, services or apps).',
  example: { component: 'example-db', tier: 'infra' },
  contract: { family: 'placement', version: 'v1alpha1' },
  properties: {
    component: { type: 'string', required: true, description: 'The component to place.' },
    tier: { type: 'string', required: true, enum: ['infra', 'services', 'apps'], description: 'Its tier: infra, then services, then apps.' },
  },
  apply({ name, properties, componentNames }, ctx) {
    if (!componentNames.includes(properties.component)) {
      ctx.fail(`placement policy "${name}": component "${properties.component}" is not in the application`, ['component']);
    }
    return { tiers: { [properties.component]: properties.tier } };
  },
});
