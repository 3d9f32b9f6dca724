import { defineTrait, type ComponentView, type HandlerContext, type K8sObject, type JsonObject } from 'kurel/plugin-api';
import { podTemplatesOf } from 'kurel/plugin-kit';

const RBAC_API = 'rbac.authorization.k8s.io/v1';

/**
 * A Role and a RoleBinding (a ClusterRole and a ClusterRoleBinding with clusterWide) granting
 * the rules to the component's ServiceAccount. All the objects take one name: `name`, else the
 * component name.
 */
export const rbac = defineTrait({
  type: 'rbac',
  nameRoles: [
    { role: 'rbac', names: "each object of the rbac trait", default: 'the component name', property: 'name', syntax: 'subdomain' },
  ],
  description: "Grant RBAC rules to the component's ServiceAccount with a Role and RoleBinding, or a ClusterRole and ClusterRoleBinding.",
  example: { rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] }] },
  contract: { family: 'rbac', version: 'v1alpha1' },
  properties: {
    rules: {
      type: 'array',
      required: true,
      description: 'The policy rules granted; at least one.',
      items: {
        type: 'object',
        description: 'One policy rule.',
        properties: {
          apiGroups: { type: 'array', description: 'API groups of the resources ("" is the core group).', items: { type: 'string', description: 'An API group.' } },
          resources: { type: 'array', required: true, description: 'Resources the rule applies to; at least one.', items: { type: 'string', description: 'A resource.' } },
          verbs: { type: 'array', required: true, description: 'Verbs allowed on the resources; at least one.', items: { type: 'string', description: 'A verb.' } },
        },
      },
    },
    clusterWide: { type: 'boolean', default: false, description: 'Grant the rules cluster-wide, with a ClusterRole and a ClusterRoleBinding.' },
    name: { type: 'string', description: 'Name of every object the trait generates; the component name when absent.' },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    const rules = props.rules;
    if (rules.length === 0) ctx.fail('rules: at least one rule is required', ['rules']);
    const policyRules = rules.map((rule, index) => policyRule(rule, index, ctx));
    const account = serviceAccountOf(component, ctx);

    const labels = () => ({ app: component.labelValue });
    const clusterWide = props.clusterWide === true;
    const roleKind = clusterWide ? 'ClusterRole' : 'Role';
    const bindingKind = clusterWide ? 'ClusterRoleBinding' : 'RoleBinding';
    // Each object is its own name under the role, so a hook may name the two apart.
    const nameOf = (kind: string) =>
      ctx.resolveName({ role: 'rbac', kind: `${kind}.rbac.authorization.k8s.io`, default: component.name, authored: props.name, property: 'name', clusterScoped: clusterWide });
    const roleName = nameOf(roleKind);
    const bindingName = nameOf(bindingKind);
    const metadata = (name: string) => (clusterWide ? { name, labels: labels() } : { name, namespace: component.namespace, labels: labels() });
    const objects: K8sObject[] = [
      { apiVersion: RBAC_API, kind: roleKind, metadata: metadata(roleName), rules: policyRules },
      {
        apiVersion: RBAC_API,
        kind: bindingKind,
        metadata: metadata(bindingName),
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: roleKind, name: roleName },
        subjects: [{ kind: 'ServiceAccount', name: account, namespace: component.namespace }],
      },
    ];
    return { objects, subApplication: `${component.name}-rbac` };
  },
});

/** One rule as the schema above gives it. */
interface PolicyRuleInput {
  apiGroups?: string[];
  resources: string[];
  verbs: string[];
}

function policyRule(rule: PolicyRuleInput, index: number, ctx: HandlerContext): JsonObject {
  for (const key of ['resources', 'verbs'] as const) {
    if (rule[key].length === 0) ctx.fail(`rules[${index}].${key}: at least one entry is required`, ['rules', index, key]);
  }
  return { apiGroups: [...(rule.apiGroups ?? [''])], resources: [...rule.resources], verbs: [...rule.verbs] };
}

/**
 * The ServiceAccount the component's pods run as: the one it answers, else a ServiceAccount it
 * generates. A component with pods and neither is refused: the rules would go to no account it
 * runs as. One with no pods and no account binds the account of its own name.
 */
function serviceAccountOf(component: ComponentView, ctx: HandlerContext): string {
  if (component.answers.serviceAccountName) return component.answers.serviceAccountName;
  const account = component.objects.find((object) => object.kind === 'ServiceAccount');
  if (account) return account.metadata.name;
  const pods = podTemplatesOf(component.objects, ctx);
  const named = [...new Set(pods.map((pod) => pod.spec.serviceAccountName).filter((value): value is string => typeof value === 'string' && value !== ''))];
  if (named.length === 1 && pods.every((pod) => pod.spec.serviceAccountName === named[0])) return named[0];
  if (pods.length > 0) {
    ctx.fail(`rbac: component "${component.name}" runs pods with no ServiceAccount name; set serviceAccountName so the rules have a subject`);
  }
  return component.name;
}
