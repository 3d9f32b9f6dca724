import { kurelErrors, type DiagnosticPlace } from '../../plugin-api/index.js';

/**
 * A refusal by the environment policy, reported as a violation of the component: the text names
 * the component and nothing else of where the refusal came from (a trait, a post-policy step),
 * so it reads the same on every path. The class rides on the diagnostic.
 */
export function policyViolation(refusalClass: string, message: string, component: string | undefined, where: DiagnosticPlace, label?: string) {
  const owner = component !== undefined ? `component "${component}"` : label;
  return kurelErrors.policyViolation(owner ? `${owner}: ${message}` : message, { ...where, component, refusalClass });
}
