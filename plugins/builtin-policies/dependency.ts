import { definePolicy } from 'kurel/plugin-api';

interface DependencyRule {
  component: string;
  dependsOn: string[];
}

/**
 * Orders components: each rule's component is deployed after the components it depends on.
 * The rules of every dependency policy are combined and checked for cycles by the engine.
 */
export const dependency = definePolicy<{ rules: DependencyRule[] }>({
  type: 'dependency',
  description: 'Deploy components after the components they depend on.',
  example: { rules: [{ component: 'example', dependsOn: ['example-db'] }] },
  contract: { family: 'dependency', version: 'v1alpha1' },
  properties: {
    rules: {
      type: 'array',
      required: true,
      description: 'The ordering rules; at least one.',
      items: {
        type: 'object',
        description: 'One component and what it waits for.',
        properties: {
          component: { type: 'string', required: true, description: 'The component that waits.' },
          dependsOn: {
            type: 'array',
            required: true,
            description: 'Components deployed before it; at least one.',
            items: { type: 'string', description: 'A component name.' },
          },
        },
      },
    },
  },
  apply({ name, properties, componentNames }, ctx) {
    const known = new Set(componentNames);
    const unknown = (component: string) => `dependency policy "${name}": component "${component}" is not in the application`;
    if (properties.rules.length === 0) ctx.fail(`dependency policy "${name}": rules must hold at least one rule`, ['rules']);
    properties.rules.forEach((rule, index) => {
      if (!known.has(rule.component)) ctx.fail(unknown(rule.component), ['rules', index, 'component']);
      if (rule.dependsOn.length === 0) {
        ctx.fail(`dependency policy "${name}": component "${rule.component}" must depend on at least one component`, ['rules', index, 'dependsOn']);
      }
      rule.dependsOn.forEach((dependency, position) => {
        const at = ['rules', index, 'dependsOn', position];
        if (!known.has(dependency)) ctx.fail(unknown(dependency), at);
        if (dependency === rule.component) ctx.fail(`dependency policy "${name}": component "${dependency}" cannot depend on itself`, at);
      });
    });
    return { dependencies: properties.rules.map((rule) => ({ component: rule.component, dependsOn: [...rule.dependsOn] })) };
  },
});
