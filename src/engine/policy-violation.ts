import type { Diagnostic } from './diagnostics.js';
import { ErrorCode, refuse } from './error-codes.js';

/**
 * A refusal by the environment policy, reported as a violation of the component: the text names
 * the component and nothing else of where the refusal came from (a trait, a post-policy step),
 * so it reads the same on every path. The class rides on the diagnostic.
 */
export function policyViolation(refusalClass: string, message: string, component: string | undefined, where: Omit<Diagnostic, 'code' | 'severity' | 'message'>, label?: string) {
  const owner = component !== undefined ? `component "${component}"` : label;
  return refuse(ErrorCode.policyViolation, owner ? `${owner}: ${message}` : message, { ...where, component, refusalClass });
}
