import type { HandlerContext } from '../context.js';
import type { PropertyPath } from '../errors.js';
import type { K8sObject } from '../objects.js';
import { RefusalClass } from '../policy.js';
import { explicitSecretsAllowed } from './policy-accessors.js';

const REMEDY = 'reference a Secret created out of band instead';

/** A secret a document writes itself, refused under a policy that forbids explicit secrets. The text never carries a value. */
export function refuseExplicitSecret(name: string, ctx: HandlerContext, path: PropertyPath = []): void {
  if (explicitSecretsAllowed(ctx.policy)) return;
  ctx.violate(RefusalClass.explicitSecret, `secret ${JSON.stringify(name)}: the environment policy forbids explicit secrets; ${REMEDY}`, path);
}

/** A core Secret among objects a document carries as written (passthrough, manifests), whatever it holds. */
export function refuseCarriedSecrets(objects: K8sObject[], source: string, ctx: HandlerContext, path: PropertyPath): void {
  if (explicitSecretsAllowed(ctx.policy)) return;
  for (const object of objects) {
    if (object.apiVersion !== 'v1' || object.kind !== 'Secret') continue;
    const namespaced = object.metadata.namespace ? `${object.metadata.namespace}/` : '';
    ctx.violate(RefusalClass.explicitSecret, `${source}: object Secret "${namespaced}${object.metadata.name}" is a Secret, and the environment policy forbids explicit secrets; ${REMEDY}`, path);
  }
}
