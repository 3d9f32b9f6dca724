import type { AuthoredComponent } from '../authored.js';
import type { PostPolicyStep } from '../post-policy.js';

/** Attaches `step` to `component`, after the steps it already carries; returns the component. */
export function afterPolicy<C extends AuthoredComponent>(component: C, step: PostPolicyStep): C {
  component.afterPolicy = [...(component.afterPolicy ?? []), step];
  return component;
}
