import type { PolicyRendering } from '../plugin-api/index.js';
import type { Application, GeneratedObject, LoweringStep, WorkPolicy } from './model.js';
import type { SourceDocument } from './yaml/index.js';

/** How one authored component became objects: what `kurel explain` prints. */
export interface ComponentChain {
  name: string;
  type: string;
  /** Where the author wrote it. */
  location: { file?: string; line?: number; column?: number; path?: string };
  /** The rules that lowered it, in order. */
  steps: LoweringStep[];
  members: Array<{ name: string; type: string; rule: string; traits: TraitStep[] }>;
  objects: Array<{ apiVersion: string; kind: string; namespace?: string; name: string; producer: string; rendered?: RenderedFrom }>;
}

/**
 * What one trait did to its member. A trait a rule emitted is listed only when it did something;
 * one the author wrote is listed always, its effects empty when its conditions did not hold.
 */
export interface TraitStep {
  type: string;
  /** The rule that emitted it; empty when authored. */
  rule: string;
  /** The objects of its sub-application, as `Kind/name`. */
  emitted: string[];
  /** The member's objects it changed, added or removed, as `Kind/name`. */
  changed: string[];
  intent?: string;
  bundleDelivery?: boolean;
  route?: boolean;
}

/** Where an object a chart rendered at build time came from. */
export interface RenderedFrom {
  chart: string;
  version?: string;
  release: string;
  template: string;
  hookGroup: string;
}

/** How one authored policy was lowered and what its handlers decided. */
export interface PolicyChain {
  name: string;
  type: string;
  location: { file?: string; line?: number; column?: number; path?: string };
  steps: LoweringStep[];
  /** The policies that ran: the authored one, or what its rules emitted. */
  members: Array<{ name: string; type: string; rule: string }>;
  /** What the policies that ran returned, in document order. */
  dependencies: Array<{ component: string; dependsOn: string[] }>;
  tiers: Record<string, string>;
  /** The keys of a consumer's own results. */
  extensions: string[];
}

/** Groups the lowered policies and their results by the authored policy they came from. */
export function explainPolicies(
  policies: WorkPolicy[],
  results: Array<{ policy: string; rendering: PolicyRendering }>,
  steps: LoweringStep[],
  source: SourceDocument,
): PolicyChain[] {
  const chains = new Map<string, PolicyChain>();
  const resultsOf = groupBy(results, (result) => result.policy);
  for (const policy of policies) {
    const authored = policy.origin.policy ?? policy.name;
    let chain = chains.get(authored);
    if (!chain) {
      chain = { name: authored, type: policy.type, location: source.at(policy.path), steps: [], members: [], dependencies: [], tiers: {}, extensions: [] };
      chains.set(authored, chain);
    }
    chain.members.push({ name: policy.name, type: policy.type, rule: policy.origin.rule });
    for (const { rendering } of resultsOf.get(policy.name) ?? []) {
      chain.dependencies.push(...(rendering.dependencies ?? []));
      Object.assign(chain.tiers, rendering.tiers ?? {});
      chain.extensions.push(...Object.keys(rendering.extensions ?? {}));
    }
  }
  const stepsByPolicy = groupBy(
    steps.filter((step) => step.policy !== undefined || (step.component === undefined && step.from !== undefined)),
    (step) => step.policy ?? step.from,
  );
  for (const chain of chains.values()) chain.steps = stepsByPolicy.get(chain.name) ?? [];
  return [...chains.values()];
}

/** Groups the build's applications, steps and objects by the authored component they came from. */
export function explainChains(applications: Application[], generated: GeneratedObject[], steps: LoweringStep[], source: SourceDocument): ComponentChain[] {
  const chains = new Map<string, ComponentChain>();
  for (const application of applications) {
    // What each trait emitted beside changing its component: its sub-application's objects.
    const emittedIn = (subApplication: string | undefined): string[] =>
      application.subApplications.find((sub) => sub.name === subApplication)?.objects.map((object) => `${object.kind}/${object.metadata.name}`) ?? [];
    for (const { component, traitEffects } of application.members) {
      const authored = component.origin.component ?? component.name;
      let chain = chains.get(authored);
      if (!chain) {
        chain = { name: authored, type: component.origin.componentType ?? component.type, location: source.at(component.path), steps: [], members: [], objects: [] };
        chains.set(authored, chain);
      }
      chain.members.push({
        name: component.name,
        type: component.type,
        rule: component.origin.rule,
        traits: component.traits.flatMap((trait, index): TraitStep[] => {
          const effect = traitEffects?.[index] ?? { changed: [] };
          const step: TraitStep = {
            type: trait.type,
            rule: trait.emitted ? trait.origin.rule : '',
            emitted: emittedIn(effect.subApplication),
            changed: effect.changed,
            ...(effect.intent ? { intent: effect.intent } : {}),
            ...(effect.bundleDelivery ? { bundleDelivery: true } : {}),
            ...(effect.route ? { route: true } : {}),
          };
          return trait.emitted && !didSomething(step) ? [] : [step];
        }),
      });
    }
  }
  const stepsByComponent = componentSteps(steps);
  for (const chain of chains.values()) chain.steps = stepsByComponent.get(chain.name) ?? [];
  const renderedFrom = renderedObjects(applications);
  const applicationsByName = new Map<string, Application>();
  for (const application of applications) if (!applicationsByName.has(application.name)) applicationsByName.set(application.name, application);
  // The first chain holding a member of each name, in chain order.
  const chainByMember = new Map<string, ComponentChain>();
  for (const chain of chains.values()) for (const member of chain.members) if (!chainByMember.has(member.name)) chainByMember.set(member.name, chain);
  for (const { object, producer, component, source: from } of generated) {
    const owner = applicationsByName.get(component)?.members[0]?.component.origin.component ?? component;
    // A generated source is an application of its own, owned by no component: it is shown under the first one whose rule emitted it.
    const chain = chains.get(owner) ?? chainByMember.get(from.name);
    const rendered = renderedFrom.get(objectKey(component, object.apiVersion, object.kind, object.metadata.namespace, object.metadata.name));
    chain?.objects.push({ apiVersion: object.apiVersion, kind: object.kind, namespace: object.metadata.namespace, name: object.metadata.name, producer, ...(rendered ? { rendered } : {}) });
  }
  return [...chains.values()];
}

const didSomething = (step: TraitStep) => step.emitted.length > 0 || step.changed.length > 0 || step.intent !== undefined || step.bundleDelivery === true || step.route === true;

const objectKey = (application: string, apiVersion: string, kind: string, namespace: string | undefined, name: string) => JSON.stringify([application, apiVersion, kind, namespace ?? '', name]);

/** The objects charts rendered, by application and identity. */
function renderedObjects(applications: Application[]): Map<string, RenderedFrom> {
  const found = new Map<string, RenderedFrom>();
  for (const application of applications) {
    for (const { chart } of application.members) {
      for (const group of chart?.hookGroups ?? []) {
        for (const object of group.objects) {
          found.set(objectKey(application.name, object.apiVersion, object.kind, object.namespace, object.name), { chart: chart!.chart, ...(chart!.version ? { version: chart!.version } : {}), release: chart!.release, template: object.template, hookGroup: group.name });
        }
      }
    }
  }
  return found;
}

/**
 * Each component's steps, in build order: those of the elements descending from it, its own
 * rules' and its traits'. A document rule's step descends from no component: it is the
 * component's when it emitted it.
 */
function componentSteps(steps: LoweringStep[]): Map<string, LoweringStep[]> {
  const byComponent = new Map<string, LoweringStep[]>();
  const add = (name: string, step: LoweringStep) => {
    const list = byComponent.get(name);
    if (list) list.push(step);
    else byComponent.set(name, [step]);
  };
  for (const step of steps) {
    if (step.component !== undefined) add(step.component, step);
    else if (step.policy === undefined) for (const name of new Set(step.to)) add(name, step);
  }
  return byComponent;
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** What the text form shows besides the components: the policies and the order groups. */
export interface ExplainExtras {
  policies?: PolicyChain[];
  bundle?: { name: string; applications?: string[]; groups: Array<{ name: string; components: string[] }> };
  /** The closing legend of terms; on unless false. */
  legend?: boolean;
}

/** What the tree's terms mean, for a reader who has not met lowering before. */
const LEGEND = [
  'legend',
  '  rule R (round N): "a" -> [type/b]  lowering rule R, in pass N over the document (at most 9), turned element "a" into elements of those types and names',
  '  emitted by R                       made by rule R, not written in the file',
  '  trait T changed Kind/name          trait T edited that object of its component',
  '  trait T -> Kind/name               objects trait T adds beside its component',
  '  sub-application "s"                objects a trait emits, applied as a set of their own',
  '  order                              the groups Flux applies one after another, each after the one before',
];

/** The text form: one block per authored component and policy, indented as a tree, then the order. */
export function formatChains(applicationName: string, namespace: string, chains: ComponentChain[], extras: ExplainExtras = {}): string {
  const lines = [`application "${applicationName}" (namespace ${namespace})`];
  const at = (location: ComponentChain['location']) => (location.file ? ` at ${location.file}:${location.line}:${location.column}` : '');
  const stepLines = (steps: LoweringStep[], members: ReadonlyArray<{ name: string; type: string }> = []) =>
    steps.map((step) => `    rule ${step.rule} (round ${step.round}): "${step.from}" -> [${typedNames(step.to, members).join(', ')}]`);
  for (const chain of chains) {
    lines.push(`  component "${chain.name}" (type ${chain.type})${at(chain.location)}`);
    lines.push(...stepLines(chain.steps, chain.members));
    for (const member of chain.members) {
      const by = member.rule ? ` emitted by ${member.rule}` : '';
      lines.push(`    ${member.type} "${member.name}"${by}`);
      for (const trait of member.traits) lines.push(`      trait ${trait.type}${trait.rule ? ` emitted by ${trait.rule}` : ''}${traitEffectText(trait)}`);
    }
    lines.push('    objects');
    for (const object of chain.objects) {
      lines.push(`      ${object.kind}/${object.name}  ${object.namespace ? `in ${object.namespace}, ` : ''}from ${object.producer}`);
      const from = object.rendered;
      if (from) lines.push(`        rendered by chart ${from.chart}${from.version ? ` version ${from.version}` : ''}, release ${from.release}, template ${from.template}, hook group ${from.hookGroup}`);
    }
  }
  for (const policy of extras.policies ?? []) {
    lines.push(`  policy "${policy.name}" (type ${policy.type})${at(policy.location)}`);
    lines.push(...stepLines(policy.steps));
    for (const member of policy.members) if (member.rule) lines.push(`    ${member.type} "${member.name}" emitted by ${member.rule}`);
    for (const { component, dependsOn } of policy.dependencies) lines.push(`    "${component}" after ${dependsOn.map((name) => `"${name}"`).join(', ')}`);
    for (const [component, tier] of Object.entries(policy.tiers)) lines.push(`    "${component}" in tier ${tier}`);
    for (const key of policy.extensions) lines.push(`    ${key} (for its consumer)`);
  }
  const groups = extras.bundle?.groups ?? [];
  const own = groups.length > 0 ? (extras.bundle?.applications ?? []) : [];
  // One group alone orders nothing; the order is worth showing only when something set it.
  if (groups.length > 1 || own.length > 0) {
    lines.push('  order');
    if (own.length > 0) {
      // The bundle's own applications are sources a rule generated: each is named with the component it came from.
      const from = (name: string) => chains.find((chain) => chain.members.some((member) => member.name === name && member.rule !== ''));
      const named = own.map((name) => (from(name) ? `${name} (from component "${from(name)!.name}")` : name));
      lines.push(`    ${extras.bundle!.name} (before every group): ${named.join(', ')}`);
    }
    for (const group of groups) lines.push(`    ${group.name}: ${group.components.join(', ')}`);
  }
  if (extras.legend !== false) lines.push('', ...LEGEND);
  return `${lines.join('\n')}\n`;
}

/** What a trait did, as the text form shows it after its name. */
function traitEffectText(trait: TraitStep): string {
  if (!didSomething(trait)) return ' changed nothing';
  const parts = [
    ...(trait.changed.length > 0 ? [` changed ${trait.changed.join(', ')}`] : []),
    ...(trait.emitted.length > 0 ? [` -> ${trait.emitted.join(', ')}`] : []),
    ...(trait.intent ? [` sets delivery intent ${trait.intent}`] : []),
    ...(trait.bundleDelivery ? [' configures its bundle\'s delivery'] : []),
  ];
  // A route shows in the NetworkPolicies synthesized from it; said here only when nothing else is.
  if (parts.length === 0 && trait.route) parts.push(' answers a route for the NetworkPolicy synthesis');
  return parts.join(';');
}

/**
 * Names a step emitted, each as `type/name` where a member of that name shows its type: members
 * sharing a name (a Deployment, its Service and ServiceAccount) are taken in their order.
 */
function typedNames(names: readonly string[], members: ReadonlyArray<{ name: string; type: string }>): string[] {
  const unused = [...members];
  return names.map((name) => {
    const index = unused.findIndex((member) => member.name === name);
    if (index === -1) return name;
    const [member] = unused.splice(index, 1);
    return `${member.type}/${name}`;
  });
}
