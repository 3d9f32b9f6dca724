import { prepare, type BuildInput } from './build.js';
import { declaredEndpoints, type ComponentEndpoints } from './stages/network-policies.js';
import type { SealedRegistry } from './registry.js';
import { StageLog } from './run/stage-log.js';

export type { ComponentEndpoints };

/**
 * Where each component of an application can be reached, as its type declares it (the reference's
 * `ComponentEndpoints`): the rule claiming the component's type answers, else its handler. A
 * platform reads this to learn the real pod selectors (a CloudNativePG cluster's `cnpg.io/cluster`)
 * and build the endpoint-ingress peers it hands back to the build. The application is checked and
 * lowered as a build would, so an application the build refuses is refused here too. Components
 * whose type declares no endpoint are left out; the order is the authored one.
 */
export function componentEndpoints(input: BuildInput, registry: SealedRegistry): ComponentEndpoints[] {
  const { validated, scope } = prepare(input, registry);
  // What a type's endpoints warn about shows in the build, not here.
  return declaredEndpoints(validated.components, registry, scope, new StageLog());
}
