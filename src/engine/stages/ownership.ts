import { own } from '../ownership/own.js';
import { checkObjectKinds, type ObjectKindRules } from '../policy/object-kinds.js';
import type { SealedRegistry } from '../registry.js';
import { checkReservedMetadataKeys } from '../reserved-keys/check.js';
import type { BuildScope } from '../run/scope.js';
import type { Application } from '../model.js';

/**
 * The ownership box: no object sets a metadata key the platform reserves, every object's kind is
 * one the policy allows, and every object an owned application generates carries its
 * component's label. The applications come back labelled.
 */
export function ownObjects(applications: Application[], kindRules: ObjectKindRules | undefined, registry: SealedRegistry, scope: BuildScope): Application[] {
  checkReservedMetadataKeys({ applications, reserved: scope.settings.reservedMetadataKeys, componentLabelKey: scope.componentLabelKey, layouts: registry });
  checkObjectKinds(applications, kindRules, registry);
  own(applications, scope.componentLabelKey, registry);
  return applications;
}
