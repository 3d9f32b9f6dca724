import type { ComponentChain, PolicyChain } from '../../../engine/index.js';

/** What `kurel explain` knows of one build, as the graph forms read it. */
export interface ExplainData {
  application: string;
  namespace: string;
  bundle?: { name: string; applications?: string[]; groups: Array<{ name: string; components: string[] }> };
  components: ComponentChain[];
  policies: PolicyChain[];
}

export type NodeKind = 'component' | 'rule' | 'member' | 'trait' | 'object' | 'policy' | 'group';

export interface GraphNode {
  id: string;
  kind: NodeKind;
  label: string;
  /** A second line: where it was written, which rule or round, which namespace. */
  detail?: string;
}

export interface GraphEdge {
  from: string;
  to: string;
  label?: string;
}

export interface ExplainGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/**
 * The lowering chain as a graph: each authored component and policy, one node per rule step
 * that lowered it, the elements the rules emitted and their traits, each generated object linked
 * to what produced it; then the order: the group each component is applied in, and the groups
 * Flux applies one after another (`dependsOn`).
 */
export function explainGraph(data: ExplainData): ExplainGraph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const add = (node: GraphNode) => (nodes.push(node), node.id);
  const componentIds = new Map<string, string>();
  const memberIds = new Map<string, string>();
  data.components.forEach((chain, chainIndex) => {
    const at = chain.location.file ? `${chain.location.file}:${chain.location.line}:${chain.location.column}` : chain.location.path;
    const component = add({ id: `c${chainIndex}`, kind: 'component', label: `component ${chain.name} (${chain.type})`, detail: at });
    componentIds.set(chain.name, component);
    const ruleIds = chain.steps.map((step, stepIndex) => {
      const id = add({ id: `c${chainIndex}-r${stepIndex}`, kind: 'rule', label: `rule ${step.rule}`, detail: `round ${step.round}: "${step.from}"` });
      edges.push({ from: component, to: id, ...(step.position === 'trait' ? { label: `trait ${step.from}` } : {}) });
      return id;
    });
    const ruleOf = (rule: string) => {
      const index = chain.steps.findIndex((step) => step.rule === rule);
      return index === -1 ? component : ruleIds[index];
    };
    const traitIds: Array<{ id: string; emitted: string[] }> = [];
    const members = chain.members.map((member, memberIndex) => {
      const id = add({ id: `c${chainIndex}-m${memberIndex}`, kind: 'member', label: `${member.type} ${member.name}`, detail: member.rule ? 'emitted' : 'as written' });
      if (!memberIds.has(member.name)) memberIds.set(member.name, id);
      edges.push({ from: member.rule ? ruleOf(member.rule) : component, to: id });
      member.traits.forEach((trait, traitIndex) => {
        const traitId = add({ id: `${id}-t${traitIndex}`, kind: 'trait', label: `trait ${trait.type}`, detail: trait.rule ? 'emitted' : 'as written' });
        edges.push({ from: id, to: traitId });
        if (trait.rule && ruleOf(trait.rule) !== component) edges.push({ from: ruleOf(trait.rule), to: traitId });
        traitIds.push({ id: traitId, emitted: trait.emitted });
      });
      return { id, member };
    });
    chain.objects.forEach((object, objectIndex) => {
      const id = add({ id: `c${chainIndex}-o${objectIndex}`, kind: 'object', label: `${object.kind} ${object.name}`, detail: object.namespace ? `in ${object.namespace}` : 'cluster-scoped' });
      edges.push({ from: producerOf(object, traitIds, members) ?? component, to: id });
    });
  });
  data.policies.forEach((policy, policyIndex) => {
    const id = add({ id: `p${policyIndex}`, kind: 'policy', label: `policy ${policy.name} (${policy.type})`, detail: policy.location.file ? `${policy.location.file}:${policy.location.line}:${policy.location.column}` : undefined });
    policy.steps.forEach((step, stepIndex) => {
      const rule = add({ id: `p${policyIndex}-r${stepIndex}`, kind: 'rule', label: `rule ${step.rule}`, detail: `round ${step.round}: "${step.from}"` });
      edges.push({ from: id, to: rule });
    });
    for (const [component, tier] of Object.entries(policy.tiers)) {
      const target = componentIds.get(component);
      if (target) edges.push({ from: id, to: target, label: `tier ${tier}` });
    }
    for (const { component, dependsOn } of policy.dependencies) {
      for (const before of dependsOn) {
        const [from, to] = [componentIds.get(before), componentIds.get(component)];
        if (from && to) edges.push({ from, to, label: 'before' });
      }
    }
  });
  orderNodes(data, add, edges, componentIds, memberIds);
  return { nodes, edges };
}

/** The object's producer: the trait that emitted it, else the element of its kind and name, else one of its name. */
function producerOf(object: ComponentChain['objects'][number], traits: ReadonlyArray<{ id: string; emitted: string[] }>, members: ReadonlyArray<{ id: string; member: ComponentChain['members'][number] }>): string | undefined {
  const key = `${object.kind}/${object.name}`;
  const trait = traits.find((candidate) => candidate.emitted.includes(key));
  if (trait) return trait.id;
  const named = members.filter(({ member }) => member.name === object.name);
  return (named.find(({ member }) => member.type === object.kind.toLowerCase()) ?? named[0])?.id;
}

function orderNodes(data: ExplainData, add: (node: GraphNode) => string, edges: GraphEdge[], componentIds: ReadonlyMap<string, string>, memberIds: ReadonlyMap<string, string>): void {
  const bundle = data.bundle;
  if (!bundle || bundle.groups.length === 0) return;
  let previous: string | undefined;
  if ((bundle.applications ?? []).length > 0) {
    previous = add({ id: 'g-first', kind: 'group', label: `group ${bundle.name}`, detail: 'applied before every group' });
    for (const name of bundle.applications ?? []) {
      const target = memberIds.get(name) ?? componentIds.get(name);
      if (target) edges.push({ from: target, to: previous, label: 'applied in' });
    }
  }
  bundle.groups.forEach((group, index) => {
    const id = add({ id: `g${index}`, kind: 'group', label: `group ${group.name}`, detail: previous ? 'Flux dependsOn the group before' : 'applied first' });
    if (previous) edges.push({ from: previous, to: id, label: 'before (dependsOn)' });
    for (const component of group.components) {
      const target = componentIds.get(component);
      if (target) edges.push({ from: target, to: id, label: 'applied in' });
    }
    previous = id;
  });
}
