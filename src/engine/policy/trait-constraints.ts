import { RefusalClass, type Policy } from '../../plugin-api/index.js';
import type { Diagnostic } from '../../plugin-api/diagnostics.js';
import type { WorkComponent } from '../model.js';
import { policyViolation } from './policy-violation.js';
import type { SourceDocument } from '../yaml/index.js';

/**
 * The policy's trait-type constraints on each authored component: a forbidden type, a type the
 * allowed list leaves out, a required type the component does not carry. Read on the traits the
 * author wrote, not on those a lowering rule adds (a role's spread, a database's claims).
 */
export function checkTraitConstraints(components: WorkComponent[], policy: Policy, source: SourceDocument): Diagnostic[] {
  const forbidden = policy.forbiddenCapabilities();
  const allowed = policy.allowedCapabilities();
  const required = policy.requiredCapabilities();
  if (forbidden.length === 0 && allowed.length === 0 && required.length === 0) return [];
  const diagnostics: Diagnostic[] = [];
  for (const component of components) {
    const refuse = (message: string, path: typeof component.path) =>
      diagnostics.push(...policyViolation(RefusalClass.traitCapability, message, component.name, source.at(path)).diagnostics);
    // Forbidden first, then the allowed list, then the required types.
    const forbiddenTrait = component.traits.find((trait) => forbidden.includes(trait.type));
    const unlisted = allowed.length > 0 ? component.traits.find((trait) => !allowed.includes(trait.type)) : undefined;
    const missing = required.find((type) => !component.traits.some((trait) => trait.type === type));
    if (forbiddenTrait) refuse(`capability "${forbiddenTrait.type}" is forbidden by environment policy`, [...forbiddenTrait.path, 'type']);
    else if (unlisted) refuse(`capability "${unlisted.type}" is not in the allowed list`, [...unlisted.path, 'type']);
    else if (missing !== undefined) refuse(`required capability "${missing}" is missing`, component.path);
  }
  return diagnostics;
}
