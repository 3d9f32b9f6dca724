import { kurelErrors, type PolicyRendering } from '../../plugin-api/index.js';
import type { Application, WorkComponent } from '../model.js';

export const TIERS = ['infra', 'services', 'apps'] as const;
type Tier = (typeof TIERS)[number];

/** What the document declares about order: tiers, dependency rules, and rules' OrderAfter. */
export interface OrderingInput {
  applications: Application[];
  /** Authored component name → `<domain>/tier` annotation value. */
  annotatedTiers: Map<string, string>;
  policyResults: Array<{ policy: string; type: string; rendering: PolicyRendering }>;
  /** The annotation key, for messages. */
  tierAnnotation: string;
}

interface Edge {
  /** The application that comes later. */
  after: string;
  before: string;
  reason: string;
}

/** One ordered group: a child bundle of the application bundle. */
export interface Group {
  /** `<application>-<tier>` when the group is exactly one tier's components, else `<application>-<NN>`. */
  name: string;
  applications: Application[];
}

/**
 * The application bundle: its own applications, then its ordered child groups. A flat
 * application holds every component itself and has no group.
 */
export interface OrderedBundle {
  applications: Application[];
  groups: Group[];
}

/**
 * A source a rule generated for components of the document: the document as a whole owns it. It
 * is in no group and waits on nothing; the components ordered after it are, in groups.
 */
export function isGeneratedSource(application: Application): boolean {
  return application.generatedSource === true;
}

/**
 * Splits the applications into ordered groups, the topological levels of the declared order, and
 * names them. With nothing declared the application is flat. A generated source stays among the
 * application bundle's own applications, so that it is applied before every group.
 */
export function orderGroups(input: OrderingInput & { documentName: string }): OrderedBundle {
  const tiers = resolveTiers(input);
  if (!hasDeclarations(input)) return { applications: [...input.applications], groups: [] };
  const sources = input.applications.filter(isGeneratedSource);
  rejectOrderedSources(input, sources);
  const grouped = input.applications.filter((application) => !sources.includes(application));
  const groups = groupApplications(input, tiers, grouped);
  return {
    applications: sources,
    groups: groups.map((applications, index) => {
      const tierOf = (application: Application) => tiers.get(application.name)?.tier;
      const tier = tierOf(applications[0]);
      const whole = tier !== undefined && applications.every((application) => tierOf(application) === tier) && grouped.filter((application) => tierOf(application) === tier).length === applications.length;
      return { name: whole ? `${input.documentName}-${tier}` : `${input.documentName}-${String(index).padStart(2, '0')}`, applications };
    }),
  };
}

/**
 * A generated source waits on nothing: a document can neither place it in a tier nor make it wait
 * on a component. (A tier annotation cannot reach it: its name is no authored component's.)
 */
function rejectOrderedSources(input: OrderingInput, sources: Application[]): void {
  const names = new Set(sources.map((source) => source.name));
  for (const { policy, rendering } of input.policyResults) {
    for (const component of Object.keys(rendering.tiers ?? {})) {
      if (names.has(component)) throw kurelErrors.property(`policy "${policy}": component "${component}" is a source a lowering rule generated for the document; it belongs to the application bundle and cannot be placed in a tier`);
    }
    for (const rule of rendering.dependencies ?? []) {
      if (names.has(rule.component)) throw kurelErrors.property(`policy "${policy}": component "${rule.component}" is a source a lowering rule generated for the document; it belongs to the application bundle and cannot wait on a component`);
    }
  }
}

function hasDeclarations(input: OrderingInput): boolean {
  return input.annotatedTiers.size > 0 || input.policyResults.some(({ rendering }) => rendering.dependencies?.length || Object.keys(rendering.tiers ?? {}).length) || input.applications.some((application) => application.members.some(({ component }) => component.orderAfter.length > 0));
}

/**
 * Splits the applications into ordered groups, the topological levels of the declared order.
 * With nothing declared the application is flat: one group in authored order.
 */
export function order(input: OrderingInput): Application[][] {
  return groupApplications(input, resolveTiers(input), input.applications);
}

/** Groups `grouped` by the declared order; an edge onto an application outside it (a generated source) splits nothing. */
function groupApplications(input: OrderingInput, tiers: Map<string, { tier: Tier; source: string }>, grouped: Application[]): Application[][] {
  const names = grouped.map((application) => application.name);
  const dependencyEdges = input.policyResults.flatMap(({ rendering }) =>
    (rendering.dependencies ?? []).flatMap((rule) => rule.dependsOn.map((before) => ({ after: rule.component, before, reason: 'dependency policy' }))),
  );
  rejectDependencyCycle(dependencyEdges);
  const edges = [...tierEdges(grouped, tiers), ...dependencyEdges, ...orderAfterEdges(input.applications)].filter(
    (edge) => names.includes(edge.after) && names.includes(edge.before),
  );
  if (edges.length === 0) return [grouped];
  rejectContradiction(names, edges);
  return levels(grouped, edges);
}

function resolveTiers(input: OrderingInput): Map<string, { tier: Tier; source: string }> {
  const tiers = new Map<string, { tier: Tier; source: string }>();
  for (const [component, value] of input.annotatedTiers) {
    if (!(TIERS as readonly string[]).includes(value)) {
      throw kurelErrors.property(`component "${component}": annotation ${input.tierAnnotation}: "${value}" is not a tier (infra, services or apps)`);
    }
    tiers.set(component, { tier: value as Tier, source: 'tier annotation' });
  }
  const placed = new Map<string, { tier: string; policy: string }>();
  for (const { policy, rendering } of input.policyResults) {
    for (const [component, tier] of Object.entries(rendering.tiers ?? {})) {
      const earlier = placed.get(component);
      if (earlier && earlier.tier !== tier) {
        throw kurelErrors.property(`component "${component}" is placed in tier ${earlier.tier} by policy "${earlier.policy}" and in tier ${tier} by policy "${policy}"`);
      }
      placed.set(component, { tier, policy });
      tiers.set(component, { tier: tier as Tier, source: 'placement' });
    }
  }
  return tiers;
}

/** Every application of a populated tier comes after every application of the populated tier before it. */
function tierEdges(applications: Application[], tiers: Map<string, { tier: Tier; source: string }>): Edge[] {
  const populated = TIERS.map((tier) => applications.filter((application) => tiers.get(application.name)?.tier === tier)).filter((group) => group.length > 0);
  const edges: Edge[] = [];
  for (let index = 1; index < populated.length; index++) {
    for (const later of populated[index]) {
      for (const earlier of populated[index - 1]) {
        const laterTier = tiers.get(later.name)!;
        const earlierTier = tiers.get(earlier.name)!;
        edges.push({ after: later.name, before: earlier.name, reason: `${laterTier.source}: tier ${laterTier.tier} is after tier ${earlierTier.tier}` });
      }
    }
  }
  return edges;
}

/** A rule's OrderAfter: it must name another component of the document. */
function orderAfterEdges(applications: Application[]): Edge[] {
  const names = new Set(applications.map((application) => application.name));
  return applications.flatMap((application) =>
    application.members.flatMap(({ component }: { component: WorkComponent }) =>
      component.orderAfter.map((before) => {
        const rule = component.origin.rule || 'the document';
        if (before === application.name) throw kurelErrors.lowering(`component "${application.name}": ${rule} orders it after itself`);
        if (!names.has(before)) throw kurelErrors.lowering(`component "${application.name}": ${rule} orders it after "${before}", which is no component of the document`);
        return { after: application.name, before, reason: `lowering rule ${rule}` };
      }),
    ),
  );
}

/** A cycle among dependency rules alone, reported from the alphabetically first component with dependencies. */
function rejectDependencyCycle(edges: Edge[]): void {
  const cycle = findCycle([...new Set(edges.map((edge) => edge.after))].sort(), edges);
  if (cycle) throw kurelErrors.property(`circular dependency detected: ${cycle.map((edge) => edge.after).concat(cycle[cycle.length - 1].before).join(' -> ')}`);
}

/** Declarations that cannot all hold: each step of the cycle with where it was declared. */
function rejectContradiction(names: string[], edges: Edge[]): void {
  const cycle = findCycle(names, edges);
  if (!cycle) return;
  const steps = cycle.map((edge) => `"${edge.after}" is after "${edge.before}" (${edge.reason})`);
  throw kurelErrors.property(`components cannot be ordered: ${steps.join(', ')}`);
}

/** The first cycle found by a depth-first walk from each start in turn, as its edges. */
function findCycle(starts: string[], edges: Edge[]): Edge[] | undefined {
  const outgoing = new Map<string, Edge[]>();
  for (const edge of edges) outgoing.set(edge.after, [...(outgoing.get(edge.after) ?? []), edge]);
  const done = new Set<string>();
  const walk = (node: string, path: Edge[], onPath: string[]): Edge[] | undefined => {
    for (const edge of outgoing.get(node) ?? []) {
      const at = onPath.indexOf(edge.before);
      if (at >= 0) return [...path.slice(at), edge];
      if (done.has(edge.before)) continue;
      const found = walk(edge.before, [...path, edge], [...onPath, edge.before]);
      if (found) return found;
    }
    done.add(node);
    return undefined;
  };
  for (const start of starts) {
    if (done.has(start)) continue;
    const found = walk(start, [], [start]);
    if (found) return found;
  }
  return undefined;
}

/** Groups by topological level, each group in authored order. */
function levels(applications: Application[], edges: Edge[]): Application[][] {
  const level = new Map<string, number>();
  const levelOf = (name: string): number => {
    const known = level.get(name);
    if (known !== undefined) return known;
    const predecessors = edges.filter((edge) => edge.after === name).map((edge) => edge.before);
    const value = predecessors.length === 0 ? 0 : 1 + Math.max(...predecessors.map(levelOf));
    level.set(name, value);
    return value;
  };
  const groups: Application[][] = [];
  for (const application of applications) (groups[levelOf(application.name)] ??= []).push(application);
  return groups.filter((group) => group !== undefined);
}
