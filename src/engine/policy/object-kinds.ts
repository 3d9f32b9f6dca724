import { RefusalClass, type GroupKind, type Policy, kurelErrors } from '../../plugin-api/index.js';
import { objectKindPolicy, fieldOf, type WrittenMap } from '../../plugin-api/kit/index.js';
import { policyViolation } from './policy-violation.js';
import type { SealedRegistry } from '../registry.js';
import type { Application } from '../model.js';
import { appliedObjects } from '../ownership/list-envelopes.js';

const WILDCARD = '*';

interface KindSet {
  kinds: Set<string>;
  /** The groups of the wildcard entries. */
  groups: Set<string>;
}

export interface ObjectKindRules {
  allowed: KindSet;
  forbidden: KindSet;
  allowCluster: boolean;
}

/**
 * The policy's ObjectKindPolicy as the check reads it; undefined when the policy does not
 * implement it (every kind allowed). An entry with no kind fails the transform: it would match
 * nothing, and a forbidden one that matches nothing lets through what it was written to keep out.
 */
export function objectKindRules(policy: Policy): ObjectKindRules | undefined {
  const answers = objectKindPolicy(policy);
  if (!answers) return undefined;
  return {
    allowed: kindSet('AllowedObjectKinds', answers.allowedObjectKinds()),
    forbidden: kindSet('ForbiddenObjectKinds', answers.forbiddenObjectKinds()),
    allowCluster: answers.allowClusterScopedObjects(),
  };
}

function kindSet(method: string, entries: GroupKind[]): KindSet {
  const set: KindSet = { kinds: new Set(), groups: new Set() };
  entries.forEach((entry, index) => {
    if (!entry.kind) {
      const written = entry.group ? `.${entry.group}` : '';
      throw kurelErrors.config(`invalid ObjectKindPolicy.${method}()[${index}] "${written}": no kind; "${WILDCARD}" matches every kind of the group`);
    }
    if (entry.kind === WILDCARD) set.groups.add(entry.group);
    else set.kinds.add(`${entry.group}/${entry.kind}`);
  });
  return set;
}

const matches = (set: KindSet, group: string, kind: string) => set.kinds.has(`${group}/${kind}`) || set.groups.has(group);
const isEmpty = (set: KindSet) => set.kinds.size === 0 && set.groups.size === 0;

/**
 * Holds every object generation emits to the object kind policy, a list envelope by its members
 * (Flux never applies the envelope), as a violation of the owning component of class
 * object-kind. A kind of unknown scope counts as cluster-scoped, whatever namespace it states.
 */
export function checkObjectKinds(applications: Application[], rules: ObjectKindRules | undefined, registry: SealedRegistry): void {
  if (!rules) return;
  const scopes = knownScopes(registry);
  for (const application of applications) {
    const objects = [...application.members.flatMap((member) => member.objects), ...application.subApplications.flatMap((sub) => sub.objects)];
    for (const object of objects.flatMap(appliedObjects)) {
      const problem = kindProblem(object, rules, scopes);
      if (problem) throw policyViolation(RefusalClass.objectKind, problem, application.name, {});
    }
  }
}

function kindProblem(object: WrittenMap, rules: ObjectKindRules, scopes: Map<string, string>): string | undefined {
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = typeof object.kind === 'string' ? object.kind : '';
  const name = String(fieldOf(object.metadata, 'name') ?? '');
  if (!kind) return `object "${name}": its kind cannot be told, so it cannot be held to the object kind policy`;
  const where = `${kind} "${name}" (${group || 'core'}/${kind})`;
  if (matches(rules.forbidden, group, kind)) return `${where}: the object kind policy forbids the kind`;
  if (!isEmpty(rules.allowed) && !matches(rules.allowed, group, kind)) return `${where}: the kind is not among those the object kind policy allows`;
  if (rules.allowCluster) return undefined;
  const scope = scopes.get(`${group}/${kind}`);
  if (scope === 'cluster') return `${where}: the kind is cluster-scoped, and the object kind policy does not allow cluster-scoped objects`;
  if (scope === undefined) {
    return `${where}: the build does not know the kind's scope (it is neither a built-in kind nor one kure registers), so it is taken as cluster-scoped, which the object kind policy does not allow; a namespace the object states does not make it namespaced`;
  }
  return undefined;
}

/** The scope of every kind a registered component generates, by group and kind. */
function knownScopes(registry: SealedRegistry): Map<string, string> {
  const scopes = new Map<string, string>();
  for (const type of registry.componentTypes()) {
    const object = registry.component(type)?.value.object;
    if (!object) continue;
    const group = object.apiVersion.includes('/') ? object.apiVersion.slice(0, object.apiVersion.indexOf('/')) : '';
    scopes.set(`${group}/${object.kind}`, object.scope === 'cluster' ? 'cluster' : 'namespaced');
  }
  return scopes;
}

