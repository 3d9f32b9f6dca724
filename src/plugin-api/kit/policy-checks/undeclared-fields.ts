import type { HandlerContext } from '../../context.js';
import type { PropertyPath } from '../../errors.js';
import { RefusalClass } from '../../policy.js';
import { goKindSchema } from '../go-kinds.js';
import { undeclaredGoFields } from '../go-undeclared.js';
import type { WrittenMap } from '../written-fields.js';

// A workload or claim of a registered kind is read as its Go type by the policy checks, and a field
// that type does not declare is one they cannot see: a pod spec field newer than the modelled API
// would pass unchecked, and the re-encode would then write the object without it. So such an object
// is refused, not kept. Any other registered kind is kept as written (nothing checks it as its type).
// A top-level `items` array on an object that is no list is refused whatever the kind: what applies
// the output reads it as a list and applies entries no check has read in the object's place.

const WORKLOAD_GROUPS = new Set(['', 'apps', 'batch', 'extensions']);
const WORKLOAD_KINDS = new Set([
  'Pod', 'PodTemplate', 'ReplicationController', 'Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job', 'CronJob', 'PersistentVolumeClaim', 'PersistentVolume',
]);

/** Whether the kind is one the policy checks read as its Go type: a workload or a claim of a built-in group, whatever its version. */
export function isCheckedWorkloadKind(apiVersion: unknown, kind: unknown): boolean {
  return typeof apiVersion === 'string' && typeof kind === 'string' && WORKLOAD_GROUPS.has(groupOf(apiVersion)) && WORKLOAD_KINDS.has(kind);
}

/** Refuses (`unreadable-object`) a checked workload or claim with fields its Go type lacks, and an `items` array on what is no list. */
export function refuseUndeclaredFields(object: WrittenMap, ctx: HandlerContext): void {
  const { apiVersion, kind } = object;
  if (isCheckedWorkloadKind(apiVersion, kind)) {
    const paths = undeclaredGoFields(object);
    if (paths.length > 0) {
      const [noun, pronoun] = paths.length > 1 ? ['fields', 'them'] : ['field', 'it'];
      ctx.violate(
        RefusalClass.unreadableObject,
        `${objectRef(object)}: undeclared ${noun} ${paths.join(', ')}: the ${String(apiVersion)} ${String(kind)} type this build reads the object with does not declare ${pronoun}, so the object cannot be checked against environment policy`,
        propertyPath(paths[0]),
      );
    }
  }
  if (!Array.isArray(object.items) || (typeof kind === 'string' && kind.endsWith('List'))) return;
  if (typeof apiVersion === 'string' && typeof kind === 'string' && goKindSchema(apiVersion, kind) !== undefined) {
    ctx.violate(
      RefusalClass.unreadableObject,
      `${objectRef(object)}: the ${apiVersion} ${kind} type declares no \`items\` field, and written out with one the object is a list whose items would be applied in its place; remove the field`,
      ['items'],
    );
  }
  ctx.violate(
    RefusalClass.unreadableObject,
    `${objectRef(object)}: an \`items\` array on an object of a kind that is no list (${String(apiVersion)} ${String(kind)}) is read as a list by what applies the output, which would apply its entries in the object's place; write the entries as documents of their own, or give the object a kind ending in List`,
    ['items'],
  );
}

/** The object as the reference names it in an error: its kind and its name, namespace-qualified when it has one. */
function objectRef(object: WrittenMap): string {
  const metadata = (typeof object.metadata === 'object' && object.metadata !== null ? object.metadata : {}) as Record<string, unknown>;
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' && metadata.namespace !== '' ? `${metadata.namespace}/` : '';
  return `${String(object.kind)} "${namespace}${name}"`;
}

/** `spec.containers[0].foo` as a property path, so that a refusal points at the field where the object is authored. */
function propertyPath(path: string): PropertyPath {
  return path.split('.').flatMap((step) => {
    const [key, ...indexes] = step.split('[');
    return [key, ...indexes.map((index) => Number(index.slice(0, -1)))];
  });
}

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}
