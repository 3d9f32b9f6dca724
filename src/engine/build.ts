import { gateDeclaredObjects } from './stages/gate-declared-objects.js';
import { gateServedApis } from './stages/gate-served-apis.js';
import { applyDeliveryIntents } from './delivery/delivery-intents.js';
import { lowerDocument } from './stages/lower-document.js';
import { NameClaims } from './naming/name-claims.js';
import type { SealedRegistry } from './registry.js';
import type { BuildInput } from './run/build-input.js';
import { buildResult, type BuildResult } from './build-result.js';
import { bundleApplications } from './stages/bundles.js';
import { evaluateProfile } from './stages/evaluate-profile.js';
import { generateObjects } from './stages/generate.js';
import { chartRequests, fetchRequests, type BuildIO, type FetchRequest, type Lowered } from './run/host-requests.js';
import { lower } from './stages/lower.js';
import { bundleDeliveries } from './delivery/bundle-delivery.js';
import { checkBundleNames } from './naming/bundle-names.js';
import { addNetworkPolicies } from './stages/network-policies.js';
import { ownObjects } from './stages/ownership.js';
import { documentNamespace, parseApplication } from './stages/parse-application.js';
import { readInputs } from './stages/read-inputs.js';
import { buildScope, type BuildScope } from './run/scope.js';
import { transform } from './stages/transform.js';
import { validateDocument } from './stages/validate-authored.js';

// The pipeline, one stage a line: each a function of stages/ from typed input to typed output.
// What every stage reads is the immutable scope; the names the stages claim go into one claim
// space, handed to each by name; each stage returns its own warnings.

export type { BuildInput, BuildResult };
export type { BuiltChart } from './build-result.js';
export type { BuildIO, ChartRenderRequest, FetchRequest } from './run/host-requests.js';

/**
 * The pipeline up to the transform: read, parameters resolved, document rules, parsed, profile
 * evaluated, validated, lowered. The host fetches and renders what the lowered components ask
 * for between this and `finish`.
 */
export function prepare(input: BuildInput, registry: SealedRegistry) {
  if (!registry.sealed) throw new Error('the engine runs only on a sealed registry');
  const read = readInputs(input);
  const documentScope: BuildScope = { ...buildScope(input.settings, read.profile, registry), fetched: input.fetched ?? {} };
  const document = lowerDocument(read.application, registry, documentScope);
  const source = document.source;
  const app = parseApplication(source, { registry, extraTraitTypes: [...read.definitions.keys()], refusals: input.collect });
  const evaluated = evaluateProfile(read.profile, app, registry, { definitions: read.definitions, strictCapabilities: input.strictCapabilities ?? false });
  const scope: BuildScope = { ...documentScope, profile: evaluated.profile };
  const namespace = documentNamespace(input.settings, app);
  const validated = validateDocument(app, namespace, registry, scope, source, input.collect);
  const claims = new NameClaims(app.name, scope.nameRoles, registry.naming()?.value);
  const documentInfo = { name: app.name, kind: 'Application', namespace };
  const lowered = lower({ components: validated.components, policies: validated.policies, document: documentInfo }, registry, scope, claims, source, input.collect);
  return { app, source, scope, claims, namespace, validated, lowered, steps: [...document.steps, ...lowered.steps], logs: [document.log, evaluated.log, validated.log, lowered.log], refusals: input.collect };
}

type Prepared = ReturnType<typeof prepare>;

/** What the prepared components ask the host for. */
function requesting({ lowered, source, namespace, scope }: Prepared): Lowered {
  return { components: lowered.components, source, namespace, cluster: scope.cluster };
}

/** The pipeline from the transform on: the prepared components become ordered, owned objects. */
function finish(registry: SealedRegistry, prepared: Prepared): BuildResult {
  const { app, source, scope, claims, namespace, validated, lowered, steps, refusals } = prepared;
  const admitted = gateDeclaredObjects(lowered.components, validated.components, scope.profile, registry, claims, source, refusals);
  const componentNames = lowered.components.map((component) => component.name);
  const transformed = transform({ components: admitted.components, componentNames, policies: lowered.policies, application: app.name }, registry, scope, claims, source, refusals);
  const gated = gateServedApis(transformed.applications, validated.components, scope.profile, source, refusals);
  const delivered = applyDeliveryIntents(gated.applications, registry);
  const ordered = bundleApplications(delivered, transformed.policyResults, app, scope.settings, claims);
  const secured = addNetworkPolicies(ordered.bundles, validated.components, registry, scope, claims);
  checkBundleNames(secured.bundles, source);
  const deliveries = bundleDeliveries(secured.bundles, transformed.policyResults, lowered.policies, source);
  const applications = ownObjects(secured.bundles.flatMap((bundle) => bundle.applications), validated.kindRules, registry, scope);
  const { generated, log } = generateObjects(applications, app.name);
  const logs = [...prepared.logs, admitted.log, transformed.log, gated.log, secured.log, log];
  return buildResult({ applicationName: app.name, source, namespace, steps, logs, bundles: secured.bundles, bundleName: ordered.name, applications, generated, policies: lowered.policies, policyResults: transformed.policyResults, deliveries });
}

/** What the build will ask the host for: every URL a component type declares it reads. */
export function collectFetches(input: BuildInput, registry: SealedRegistry): FetchRequest[] {
  return fetchRequests(requesting(prepare(input, registry)), registry);
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
  const lowered = requesting(prepared);
  const requests = fetchRequests(lowered, registry);
  const fetched = requests.length > 0 ? { ...prepared.scope.fetched, ...(await fetch(requests)) } : prepared.scope.fetched;
  const charts = chartRequests(lowered, registry);
  const renderedCharts = charts.length > 0 && renderCharts ? await renderCharts(charts) : {};
  return finish(registry, { ...prepared, scope: { ...prepared.scope, fetched, renderedCharts } });
}

/** The whole pipeline, from input texts to the YAML stream. Pure: the host does every read and write. */
export function build(input: BuildInput, registry: SealedRegistry): BuildResult {
  return finish(registry, prepare(input, registry));
}

