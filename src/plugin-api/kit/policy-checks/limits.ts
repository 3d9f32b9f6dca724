import type { HandlerContext } from '../../context.js';
import type { PropertyPath } from '../../errors.js';
import { RefusalClass } from '../../policy.js';
import { compareQuantities, isQuantity } from './quantity.js';

// The limits of the environment policy, held on the effective value (authored, else the policy's
// default, else the handler's own). The texts are the reference's, so a refusal reads the same
// from every handler that holds a value to the same limit.

const QUANTITY_RULE = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** `replicas 5 exceeds enforced maximum 3`, of class replica-maximum. */
export function enforceMaxReplicas(current: number | undefined, ctx: HandlerContext, path: PropertyPath, label = 'replicas'): void {
  const max = ctx.policy.maxReplicas();
  if (max === undefined || current === undefined || current <= max) return;
  ctx.violate(RefusalClass.replicaMaximum, `${label} ${current} exceeds enforced maximum ${max}`, path);
}

/**
 * `cpu limit "4" exceeds enforced maximum "2"`. A value or a maximum that does not parse is the
 * library's own refusal, of no class.
 */
export function enforceMaxQuantity(current: string | undefined, max: string, label: string, refusalClass: string, ctx: HandlerContext, path: PropertyPath): void {
  if (max === '' || current === undefined || current === '') return;
  if (!isQuantity(current)) ctx.fail(`invalid ${label} value ${JSON.stringify(current)}: ${QUANTITY_RULE}`, path);
  if (!isQuantity(max)) ctx.fail(`invalid enforced max ${label} value ${JSON.stringify(max)}: ${QUANTITY_RULE}`, path);
  if (compareQuantities(current, max)! > 0) ctx.violate(refusalClass, `${label} ${JSON.stringify(current)} exceeds enforced maximum ${JSON.stringify(max)}`, path);
}

/** A storage size over the policy's maximum: `storageSize "20Gi" exceeds enforced maximum "10Gi"`, prefixed by the caller's subject. */
export function enforceMaxStorage(current: string | undefined, ctx: HandlerContext, path: PropertyPath, subject = ''): void {
  const max = ctx.policy.maxStorageSize();
  if (max === '' || current === undefined) return;
  if (!isQuantity(max)) ctx.fail(`${subject}invalid enforced max storageSize value ${JSON.stringify(max)}: ${QUANTITY_RULE}`, path);
  if (isQuantity(current) && compareQuantities(current, max)! > 0) {
    ctx.violate(RefusalClass.storageMaximum, `${subject}storageSize ${JSON.stringify(current)} exceeds enforced maximum ${JSON.stringify(max)}`, path);
  }
}

/** The value the policy's default gives a property the author left out. */
export function withPolicyDefault<T>(authored: T | undefined, policyDefault: T | undefined | ''): T | undefined {
  if (authored !== undefined) return authored;
  return policyDefault === '' || policyDefault === undefined ? undefined : (policyDefault as T);
}
