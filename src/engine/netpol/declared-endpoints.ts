import { type Endpoint } from '../../plugin-api/index.js';
import { copyData } from '../../plugin-api/kit/index.js';
import type { WorkComponent } from '../model.js';
import type { SealedRegistry } from '../registry.js';
import { handlerContext } from '../run/handler-context.js';
import type { BuildScope } from '../run/scope.js';
import type { StageLog } from '../run/stage-log.js';

/** The endpoints one authored component declares. */
export interface ComponentEndpoints {
  component: string;
  endpoints: Endpoint[];
}

/** The endpoints the authored components' types declare, as `componentEndpoints` answers them. */
export function declaredEndpoints(authored: readonly WorkComponent[], registry: SealedRegistry, scope: BuildScope, log: StageLog): ComponentEndpoints[] {
  const answers: ComponentEndpoints[] = [];
  for (const component of authored) {
    const provider = registry.componentRule(component.type)?.value ?? registry.component(component.type)?.value;
    if (!provider?.endpoints) continue;
    const objectName = typeof component.properties.objectName === 'string' ? component.properties.objectName : component.name;
    const endpoints = provider.endpoints({ name: component.name, objectName, properties: copyData(component.properties) }, handlerContext(scope, log, component.origin.namespace));
    if (endpoints.length > 0) answers.push({ component: component.name, endpoints: copyData(endpoints) });
  }
  return answers;
}
