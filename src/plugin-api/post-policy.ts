import type { HandlerContext } from './context.js';
import type { ComponentAnswers } from './component-answers.js';
import type { K8sObject } from './objects.js';

/**
 * What a post-policy step is given: the objects the component's handler built under the
 * environment policy, and what it answered. `objects` may be changed in place or replaced.
 */
export interface PostPolicyInput {
  /** The component's name (a sibling group's shared name). */
  name: string;
  type: string;
  namespace: string;
  objects: K8sObject[];
  readonly answers: Readonly<ComponentAnswers>;
}

/**
 * A step a lowering rule attaches to a component it emits, for a value the rule derives from
 * what the policy decided: lowering runs before the policy, so the rule cannot write it itself.
 * The transform runs the component's steps in the order attached, right after its handler
 * rendered (where the policy is applied) and before its traits; it does not apply the policy
 * again afterwards, so a step that writes a value holds it to the policy itself (`ctx.violate`).
 * A step throws to fail the transform; it is part of the component value and is never parsed
 * from a document.
 */
export type PostPolicyStep = (component: PostPolicyInput, ctx: HandlerContext) => void;
