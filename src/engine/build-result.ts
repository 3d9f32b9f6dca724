import type { K8sObject, HookGroup } from '../plugin-api/index.js';
import { explainChains, explainPolicies, type ComponentChain, type PolicyChain } from './explain.js';
import { layoutTree } from './layout/layout-tree.js';
import type { BundleDelivery, LayoutTree } from './layout/model.js';
import type { GeneratedObject, LoweringStep, WorkPolicy } from './model.js';
import { writeObjects, type SourceDocument } from './yaml/index.js';
import type { Diagnostic } from '../plugin-api/diagnostics.js';
import type { StageLog } from './run/stage-log.js';
import type { Application, TransformOutput } from './stages/transform.js';

export interface BuildResult {
  applicationName: string;
  objects: K8sObject[];
  generated: GeneratedObject[];
  steps: LoweringStep[];
  warnings: Diagnostic[];
  consumedCapabilities: string[];
  /** The YAML stream of `objects` (empty when nothing was generated). */
  yaml: string;
  namespace: string;
  /**
   * The application bundle: its own applications (every component when nothing declares an order,
   * else the generated sources), then its ordered child groups, each depending on the one before.
   * For a layout writer.
   */
  bundle: { name: string; applications: string[]; groups: Array<{ name: string; components: string[] }> };
  /** The bundle tree with each bundle's objects, for a layout writer (`planFluxLayout`). */
  layout: LayoutTree;
  /** How each authored component became objects. */
  chains: ComponentChain[];
  /** How each authored policy was lowered and what it decided. */
  policies: PolicyChain[];
  /**
   * The charts rendered at build time, in output order: for a layout writer, each chart's hook
   * groups (a layout each when there are two or more, each depending on the one before).
   */
  charts: BuiltChart[];
}

/** A chart a component rendered at build time, as the build result carries it. */
export interface BuiltChart {
  /** The component that rendered it. */
  component: string;
  chart: string;
  version?: string;
  release: string;
  /** The Flux Kustomization name of the chart's own layout, when the author or the Naming hook set one. */
  layoutKustomizationName?: string;
  hookGroups: HookGroup[];
}

/** What the stages made, for the build result. */
export interface Built {
  applicationName: string;
  source: SourceDocument;
  namespace: string;
  steps: LoweringStep[];
  logs: StageLog[];
  bundles: Array<{ name: string; applications: Application[] }>;
  bundleName: string;
  applications: Application[];
  generated: GeneratedObject[];
  /** The policies as lowered, for `explain`. */
  policies: WorkPolicy[];
  policyResults: TransformOutput['policyResults'];
  /** Each bundle's delivery settings, in bundle walk order, where a delivery handler gave some. */
  deliveries: Array<BundleDelivery | undefined>;
}

/** What the stages made, as the host reads it; what only `explain` or a layout reads is worked out when read. */
export function buildResult(built: Built): BuildResult {
  const { source, bundles, applications, generated, steps } = built;
  const objects = generated.map((entry) => entry.object);
  const [own, ...groups] = bundles;
  let yaml: string | undefined;
  let chains: ComponentChain[] | undefined;
  let policies: PolicyChain[] | undefined;
  let layout: LayoutTree | undefined;
  return {
    applicationName: built.applicationName,
    objects,
    generated,
    steps,
    warnings: built.logs.flatMap((log) => log.warnings),
    consumedCapabilities: [...new Set(built.logs.flatMap((log) => [...log.consumedCapabilities]))].sort(),
    // Written when read: `check` never reads it.
    get yaml() {
      return (yaml ??= writeObjects(objects));
    },
    namespace: built.namespace,
    bundle: { name: built.bundleName, applications: own.applications.map((application) => application.name), groups: groups.map((group) => ({ name: group.name, components: group.applications.map((application) => application.name) })) },
    // Read only for a Flux tree: placing its bundle asks the application's source for a position.
    get layout() {
      return (layout ??= layoutTree(bundles, generated, source.at(['metadata', 'name']), built.deliveries));
    },
    get chains() {
      return (chains ??= explainChains(applications, generated, steps, source));
    },
    get policies() {
      return (policies ??= explainPolicies(built.policies, built.policyResults, steps, source));
    },
    charts: builtCharts(applications),
  };
}

function builtCharts(applications: Application[]): BuiltChart[] {
  return applications.flatMap((application) =>
    application.members.flatMap(({ component, chart }) => (chart ? [{ component: component.name, ...chart }] : [])),
  );
}
