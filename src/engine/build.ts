import { kurelErrors, type ChartRequest, type HookGroup, type K8sObject } from '../plugin-api/index.js';
import { apiGroupOf } from '../plugin-api/kit/index.js';
import { loadCapabilityDefinitions } from './capability-definitions.js';
import { KurelError, type Diagnostic } from './diagnostics.js';
import { encodeStream } from './emit.js';
import { evaluateProfile } from './evaluate-profile.js';
import { generate, type GeneratedObject } from './generate.js';
import { own } from './ownership/own.js';
import { warnForcedVolumes } from './forced-volumes.js';
import { applyDeliveryIntents } from './delivery-intents.js';
import { declaredEndpoints } from './declared-endpoints.js';
import { synthesizeNetworkPolicies } from './netpol/synthesize.js';
import { lower } from './lower.js';
import type { LoweringStep } from './model.js';
import { parsePackage } from './package.js';
import { resolveParameters } from './parameters.js';
import { namespaceProblem, parseApplication } from './parse-application.js';
import { DEFAULT_PROFILE_TEXT, parseProfile } from './profile.js';
import type { SealedRegistry } from './registry.js';
import { RunContext, type TransformSettings } from './run-context.js';
import { parseSingleSource, parseSource, type InputFile } from './source.js';
import { transform } from './transform.js';
import { validateAuthored } from './validate-authored.js';
import { warnDeprecated } from './deprecations.js';
import { lowerDocument } from './lower-document.js';
import { orderGroups } from './order.js';
import { checkBundleNames, nameBundles } from './bundle-names.js';
import { explainChains, explainPolicies, type ComponentChain, type PolicyChain } from './explain.js';
import { checkReservedMetadataKeys } from './reserved-keys/check.js';
import { checkTraitConstraints } from './trait-constraints.js';
import { checkObjectKinds, objectKindRules } from './object-kinds.js';
import { layoutTree } from './layout/layout-tree.js';
import type { LayoutTree } from './layout/model.js';
import { clusterApis } from './api-resources/cluster-apis.js';
import { gateServedApis } from './api-resources/gate.js';
import { chartCapabilities, type ChartCapabilities } from './api-resources/chart-capabilities.js';

export interface BuildInput {
  application: InputFile;
  /** The ClusterProfile; the embedded default (no capability bound) when absent. */
  profile?: InputFile;
  /** `kurel.yaml`: present in package mode. */
  package?: InputFile;
  /** Values files, in the order they layer: a later one wins. */
  values?: readonly InputFile[];
  sets?: readonly string[];
  setStrings?: readonly string[];
  capabilityDefinitions?: readonly InputFile[];
  settings: TransformSettings;
  strictCapabilities?: boolean;
  /** The bodies the host fetched for `collectFetches`' requests, by URL. */
  fetched?: Record<string, string>;
  /**
   * Refuse every component a stage refuses, not only the first, where the stage can go on
   * without it (parsing, lowering): for `check`, which then builds again without them.
   */
  collect?: boolean;
}

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

/** Everything up to the transform: parsed, resolved, validated and lowered. */
export function prepare(input: BuildInput, registry: SealedRegistry) {
  if (!registry.sealed) throw new Error('the engine runs only on a sealed registry');
  const applicationSource = parseSingleSource(input.application, 'application file');

  if (input.package) {
    const pkg = parsePackage(parseSingleSource(input.package, 'package file'));
    const values = (input.values ?? []).map((file) => ({ file: file.file, source: parseSource(file)[0] }));
    resolveParameters(pkg, { values, sets: input.sets ?? [], setStrings: input.setStrings ?? [] }, applicationSource);
  }

  const profile = parseProfile(parseSingleSource(input.profile ?? { file: '<default profile>', text: DEFAULT_PROFILE_TEXT }, 'profile file'));
  const run = new RunContext(input.settings, profile, input.fetched ?? {});
  run.cluster = clusterApis(profile, registry);
  run.objectLayout = (apiVersion, kind) => registry.objectLayout(apiGroupOf(apiVersion), kind);
  run.nameRoles = registry.nameRole;
  const definitions = loadCapabilityDefinitions(input.capabilityDefinitions ?? []);
  const documentLowering = lowerDocument(applicationSource, registry, run);
  const appSource = documentLowering.source;
  const app = parseApplication(appSource, { registry, extraTraitTypes: [...definitions.keys()], collect: input.collect });
  evaluateProfile(profile, app, registry, run, { definitions, strictCapabilities: input.strictCapabilities ?? false });

  if (input.settings.namespace !== undefined) {
    const problem = namespaceProblem(input.settings.namespace);
    if (problem) throw kurelErrors.flag(`--namespace: ${problem}`);
  }
  if (input.settings.fluxNamespace !== undefined) {
    const problem = namespaceProblem(input.settings.fluxNamespace);
    if (problem) throw kurelErrors.config(`fluxNamespace: ${problem}`);
  }
  const namespace = input.settings.namespace ?? app.namespace ?? 'default';

  const authored = validateAuthored(app, namespace, registry, appSource);
  if (authored.diagnostics.length > 0) throw new KurelError(authored.diagnostics);
  warnDeprecated(authored.components, registry, run);
  checkTraitConstraints(authored.components, run.policy, appSource);
  const kindRules = objectKindRules(run.policy);

  run.startNaming(app.name, registry.naming()?.value);
  const lowered = lower({ components: authored.components, policies: authored.policies, document: { name: app.name, kind: 'Application', namespace } }, registry, run, appSource, { collect: input.collect });
  return { app, appSource, run, namespace, authored: authored.components, lowered, documentLowering, kindRules };
}

/** A document a component needs from the network, which the host fetches before the build. */
export interface FetchRequest {
  url: string;
  component: string;
  where: Pick<Diagnostic, 'file' | 'line' | 'column' | 'path'>;
}

type Prepared = ReturnType<typeof prepare>;

/** A chart a component renders, which the host renders with helm before the build. */
export interface ChartRenderRequest {
  component: string;
  where: Pick<Diagnostic, 'file' | 'line' | 'column' | 'path'>;
  chart: ChartRequest;
  /** The cluster the chart's `.Capabilities` should see: the profile's kube version and served APIs. */
  cluster: ChartCapabilities;
}

/** What the host does for the build: fetch the URLs components read, render the charts they declare. */
export interface BuildIO {
  fetch(requests: FetchRequest[]): Promise<Record<string, string>>;
  /** Rendered texts by component name. */
  renderCharts?(requests: ChartRenderRequest[]): Promise<Record<string, string>>;
}

function chartRequests({ lowered, appSource, namespace, run }: Prepared, registry: SealedRegistry): ChartRenderRequest[] {
  const cluster = chartCapabilities(run.cluster);
  return lowered.components.flatMap((component) => {
    const handler = registry.component(component.type)?.value;
    const charts = handler?.charts?.({ name: component.name, namespace: component.origin.namespace ?? namespace, properties: component.properties }) ?? [];
    return charts.map((chart) => ({ chart, cluster, component: component.name, where: appSource.at([...component.path, 'properties']) }));
  });
}

function fetchRequests({ lowered, appSource }: Prepared, registry: SealedRegistry): FetchRequest[] {
  return lowered.components.flatMap((component) => {
    const handler = registry.component(component.type)?.value;
    const urls = handler?.fetches?.(component.properties) ?? [];
    return urls.map((url) => ({ url, component: component.name, where: appSource.at([...component.path, 'properties']) }));
  });
}

/** What the build will ask the host for: every URL a component type declares it reads. */
export function collectFetches(input: BuildInput, registry: SealedRegistry): FetchRequest[] {
  return fetchRequests(prepare(input, registry), registry);
}

/**
 * The pipeline with the host's fetching in the middle: prepared once, the URLs components read
 * handed to `fetch` (the host's I/O, injected so the engine stays pure), then finished.
 */
export async function buildFetching(
  input: BuildInput,
  registry: SealedRegistry,
  fetch: BuildIO['fetch'],
  renderCharts?: BuildIO['renderCharts'],
): Promise<BuildResult> {
  const prepared = prepare(input, registry);
  const requests = fetchRequests(prepared, registry);
  if (requests.length > 0) prepared.run.provideFetched(await fetch(requests));
  const charts = chartRequests(prepared, registry);
  if (charts.length > 0 && renderCharts) prepared.run.provideRenderedCharts(await renderCharts(charts));
  return finish(input, registry, prepared);
}

/** The whole pipeline, from input texts to the YAML stream. Pure: the host does every read and write. */
export function build(input: BuildInput, registry: SealedRegistry): BuildResult {
  return finish(input, registry, prepare(input, registry));
}

function finish(input: BuildInput, registry: SealedRegistry, { app, appSource, run, namespace, authored, lowered, documentLowering, kindRules }: Prepared): BuildResult {
  const transformed = transform(lowered.components, lowered.policies, registry, run, appSource);
  const { policyResults } = transformed;
  const applications = gateServedApis(transformed.applications, authored, run.profile, run, appSource);
  applyDeliveryIntents(applications, registry);
  const tierAnnotation = `${input.settings.domain}/tier`;
  const annotatedTiers = new Map(app.components.filter((c) => c.annotations[tierAnnotation] !== undefined).map((c) => [c.name, c.annotations[tierAnnotation]]));
  const named = nameBundles(orderGroups({ applications, annotatedTiers, policyResults, tierAnnotation, documentName: app.name }), app.name, run);
  const groups = named.groups;
  // The bundle walk: the application bundle's own applications, then its groups in order.
  const bundles = [{ name: named.bundle, applications: named.applications }, ...groups];
  synthesizeNetworkPolicies(bundles, run, {
    componentLabelKey: run.componentLabelKey,
    egressPeers: input.settings.egressPeers,
    ingressPeers: input.settings.ingressPeers,
    // Only a multi-endpoint component's policy names need its endpoints.
    endpoints: input.settings.ingressPeers ? declaredEndpoints(authored, registry, run) : [],
  });
  checkBundleNames(bundles, appSource);
  const ordered = bundles.flatMap((bundle) => bundle.applications);
  checkReservedMetadataKeys({ applications: ordered, reserved: input.settings.reservedMetadataKeys, componentLabelKey: run.componentLabelKey, layouts: registry });
  checkObjectKinds(ordered, kindRules, registry);
  own(ordered, run.componentLabelKey, registry);
  const generated = generate(ordered, app.name);
  const objects = generated.map((entry) => entry.object);
  if (objects.length === 0) run.warn('no resources generated');
  warnForcedVolumes(generated, (message) => run.warn(message));
  const steps = [...documentLowering.steps, ...lowered.steps];
  let yaml: string | undefined;
  let chains: ComponentChain[] | undefined;
  let policies: PolicyChain[] | undefined;
  let layout: LayoutTree | undefined;

  return {
    applicationName: app.name,
    objects,
    generated,
    steps,
    warnings: run.warnings,
    consumedCapabilities: [...run.consumedCapabilities].sort(),
    // Written when read: `check` never reads it.
    get yaml() {
      return (yaml ??= encodeStream(objects));
    },
    namespace,
    bundle: { name: named.bundle, applications: named.applications.map((application) => application.name), groups: groups.map((group) => ({ name: group.name, components: group.applications.map((application) => application.name) })) },
    // Read only for a Flux tree: placing its bundle asks the application's source for a position.
    get layout() {
      return (layout ??= layoutTree(bundles, generated, appSource.at(['metadata', 'name'])));
    },
    // What `explain` shows, worked out only when something reads it: a build alone never does.
    get chains() {
      return (chains ??= explainChains(ordered, generated, steps, appSource));
    },
    get policies() {
      return (policies ??= explainPolicies(lowered.policies, policyResults, steps, appSource));
    },
    charts: builtCharts(ordered),
  };
}

function builtCharts(applications: ReturnType<typeof transform>['applications']): BuiltChart[] {
  return applications.flatMap((application) =>
    application.members.flatMap(({ component, chart }) => (chart ? [{ component: component.name, ...chart }] : [])),
  );
}
