import { RefusalClass, type RefusalClassValue } from '../policy.js';

/** Every class the library gives; a violation whose cause is no refusal by the policy has none. */
export function refusalClasses(): RefusalClassValue[] {
  return Object.values(RefusalClass);
}

/** The class of a policy refusal, recognised across module instances by its shape; undefined for any other error. */
export function refusalClassOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const value = (error as { refusalClass?: unknown }).refusalClass;
  return typeof value === 'string' ? value : undefined;
}
