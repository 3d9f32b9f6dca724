import type { Endpoint } from '../plugin-api/index.js';
import { prepare, type BuildInput } from './build.js';
import type { SealedRegistry } from './registry.js';

/** The endpoints one authored component declares. */
export interface ComponentEndpoints {
  component: string;
  endpoints: Endpoint[];
}

/**
 * Where each component of an application can be reached, as its type declares it (the reference's
 * `ComponentEndpoints`): the rule claiming the component's type answers, else its handler. A
 * platform reads this to learn the real pod selectors (a CloudNativePG cluster's `cnpg.io/cluster`)
 * and build the endpoint-ingress peers it hands back to the build. The application is checked and
 * lowered as a build would, so an application the build refuses is refused here too. Components
 * whose type declares no endpoint are left out; the order is the authored one.
 */
export function componentEndpoints(input: BuildInput, registry: SealedRegistry): ComponentEndpoints[] {
  const { authored, run } = prepare(input, registry);
  const answers: ComponentEndpoints[] = [];
  for (const component of authored) {
    const provider = registry.componentRule(component.type)?.value ?? registry.component(component.type)?.value;
    if (!provider?.endpoints) continue;
    const objectName = typeof component.properties.objectName === 'string' ? component.properties.objectName : component.name;
    const endpoints = provider.endpoints({ name: component.name, objectName, properties: structuredClone(component.properties) }, run.handlerContext(component.origin.namespace));
    if (endpoints.length > 0) answers.push({ component: component.name, endpoints: structuredClone(endpoints) });
  }
  return answers;
}
