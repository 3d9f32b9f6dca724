import { isHandlerError, type K8sObject, type NameSpec, kurelErrors } from '../../plugin-api/index.js';
import { shortenName } from '../../plugin-api/kit/index.js';
import type { NameClaims, NameOwner } from '../naming/name-claims.js';

// A synthesized NetworkPolicy's names: the policy's own under role netpol-synth (the Naming hook's
// to change, and only the hook's), and its application's under role sub-application, resolved
// apart from the policy's with the policy's default name as its default.

export const POLICY_KIND = 'NetworkPolicy.networking.k8s.io';

/** Who a synthesized policy is for: its component, or the external backend Service it lets traffic into. */
export function policyOwner(component: string, service?: string): NameOwner {
  return component !== '' ? { component, description: `component "${component}"` } : { component: '', description: `external backend Service "${service ?? ''}"` };
}

/** The policy's name: the hook's answer, else its default shortened to 253 characters; not claimed yet. */
export function choosePolicyName(object: K8sObject, owner: NameOwner, claims: NameClaims): { spec: NameSpec; name: string; claim: () => void } {
  const spec: NameSpec = { role: 'netpol-synth', kind: POLICY_KIND, default: shortenName(object.metadata.name, 253) };
  const choice = placed(owner, () => claims.choice(spec, owner));
  const namespace = object.metadata.namespace ?? '';
  return { spec, name: choice.name, claim: () => placed(owner, () => claims.claimChoice(spec, choice, owner, namespace)) };
}

/** The name of the application holding the policy, and how a collision text names it. */
export function choosePolicyApplicationName(spec: NameSpec, owner: NameOwner, claims: NameClaims): { name: string; namedBy: string } {
  return placed(owner, () => claims.choose({ role: 'sub-application', default: spec.default }, owner));
}

/** A refusal of the hook's answer or of a second owner, behind its component. */
function placed<T>(owner: NameOwner, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!isHandlerError(error)) throw error;
    const refuse = error.code === kurelErrors.collision.code ? kurelErrors.collision : kurelErrors.property;
    const prefix = owner.component ? `component "${owner.component}": ` : '';
    throw refuse(`${prefix}${error.message}`, owner.component ? { component: owner.component } : {});
  }
}
