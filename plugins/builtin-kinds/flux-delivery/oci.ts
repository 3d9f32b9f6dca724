import { defineComponentLowering, isHandlerError, type AuthoredComponent, type AuthoredTrait, type DocumentInfo, type JsonObject, type LoweringContext, type PropertiesOf } from 'kurel/plugin-api';
import { copyData, schemaBuilders } from 'kurel/plugin-kit';
import { checkFluxInterval, DEFAULT_FLUX_INTERVAL, effectiveFluxInterval, fluxIntervalProblem } from './flux-interval.js';
import { generatedSourceName, goJson } from './generated-source.js';
import { HELM_SOURCE_ROLE } from './generated-source.js';
import { isJsonObject } from '../shared/json-guards.js';

const { bool, list, object, str } = schemaBuilders;

// The oci role: manifests synced from an OCI artifact. A component alone on its artifact lowers to a
// same-name pair, its OCIRepository first, then the Kustomization that applies it. Several oci
// components of one document on one artifact (url, version and interval) share one generated
// OCIRepository instead: it is the document's, and each Kustomization is ordered after it.

const OWNER = 'oci';
const DIGEST_PREFIX = 'sha256:';
/** Authored traits that cover every object the component generates, so its own source gets them too. */

/** The objects' kinds as name claims and collision texts name them. */

const healthCheck = object('One object Flux checks for readiness.', {
  apiVersion: str('API version of the object (apps/v1, or v1 for a core kind).', { required: true }),
  kind: str('Kind of the object (Deployment).', { required: true }),
  name: str('Name of the object.', { required: true }),
  namespace: str('Namespace of the object; omit it for a cluster-scoped kind.'),
});

/** The properties of an oci component. */
const ociSchema = {
  source: object(
    'The OCI artifact to sync.',
    {
      url: str('The artifact URL; it must use the oci:// scheme.', { required: true }),
      name: str(
        'The name of a source generated on its own, apart from the Kustomization, used as written: it carries none of the component annotations and traits, and oci components that write the same name share it when their url, version and interval are the same. It must differ from every component name of the document.',
      ),
      objectName: str(
        'The name of the OCIRepository the component keeps to itself, in place of the component name. The source then stays with the Kustomization whatever other component reads the same artifact. Not with name.',
      ),
    },
    { required: true },
  ),
  version: str('The artifact version: a tag, or sha256:<digest>.', { required: true }),
  path: str('The path in the artifact the Kustomization applies.', { default: './' }),
  prune: bool('Whether the Kustomization deletes objects removed from the artifact.', { default: true }),
  interval: str(`How often the artifact is checked and applied, as a Flux duration (unsigned; units ms, s, m, h; e.g. 10m, 1h30m); default ${DEFAULT_FLUX_INTERVAL}.`),
  targetNamespace: str(
    "The namespace every namespaced object of the artifact is applied in (the Kustomization's spec.targetNamespace). Not defaulted: unset, each object keeps the namespace the artifact gives it.",
  ),
  wait: bool('Whether Flux waits for every applied object to be ready before the Kustomization is. Not with a non-empty healthChecks.'),
  healthChecks: list('Objects whose readiness makes the Kustomization ready, in order. Not with wait: true.', healthCheck),
  kustomizationName: str('The name of the Kustomization, in place of the component name.'),
};

/** The properties as the schema admits them, defaults applied. */
type OciProperties = PropertiesOf<typeof ociSchema>;

export const ociRule = defineComponentLowering({
  type: 'oci',
  nameRoles: [
    { role: 'oci-kustomization', names: "an oci component's Kustomization", default: 'the component name', property: 'kustomizationName', syntax: 'subdomain' },
    { role: 'oci-source', names: 'an OCIRepository an oci component keeps to itself', default: 'the component name', property: 'source.objectName', syntax: 'subdomain' },
    HELM_SOURCE_ROLE,
  ],
  description: 'Manifests synced from an OCI artifact: a Flux OCIRepository and the Kustomization that applies it, the source shared by the oci components of one artifact.',
  example: { source: { url: 'oci://ghcr.io/stefanprodan/manifests/podinfo' }, version: '6.7.0', path: './kustomize', targetNamespace: 'podinfo' },
  contract: { family: 'oci', version: 'v1alpha1' },
  targets: { componentTypes: ['ocirepository', 'fluxcd-kustomization'] },
  properties: ociSchema,

  lower({ component, document }, ctx) {
    const props = component.properties;
    const oci = readOci(props, ctx);
    const kustomization = (sourceName: string, traits: AuthoredTrait[]): AuthoredComponent =>
      named({ name: component.name, type: 'fluxcd-kustomization', properties: kustomizationSpec(oci, sourceName), traits, ...annotationsOf(component) }, oci.kustomizationName, 'kustomizationName', 'oci-kustomization', 'Kustomization', ctx);

    if (oci.sourceName === undefined && (oci.sourceObjectName !== undefined || consumers(document, oci.identity) < 2)) {
      const source = named(
        {
          name: component.name,
          type: 'ocirepository',
          properties: sourceSpec(oci),
          traits: copyData((component.traits ?? []).filter((trait) => ctx.appliesToEveryMember(trait.type))),
          ...annotationsOf(component),
        },
        oci.sourceObjectName,
        'source.objectName',
        'oci-source',
        'source',
        ctx,
      );
      const sourceObject = source.objectName;
      return { components: [source, kustomization(sourceObject ?? component.name, component.traits ?? [])] };
    }

    const claim = generatedSourceName(ctx, OWNER, component.name, document, oci.identity, oci.sourceName, 'OCIRepository');
    const consumer = kustomization(claim.name, component.traits ?? []);
    consumer.orderAfter = [claim.name];
    const source: AuthoredComponent = { name: claim.name, type: 'ocirepository', properties: sourceSpec(oci) };
    return { components: claim.adopted ? [consumer] : [source, consumer] };
  },
});

/** An oci component as the rule reads it: its properties checked and normalised, and the identity of its artifact. */
interface OciArtifact {
  url: string;
  version: string;
  path: string;
  prune: boolean;
  interval?: string;
  targetNamespace?: string;
  wait: boolean;
  healthChecks: NonNullable<OciProperties['healthChecks']>;
  /** source.name: a source generated on its own; an empty one reads as none. */
  sourceName?: string;
  sourceObjectName?: string;
  kustomizationName?: string;
  /** Everything that shapes the OCIRepository. */
  identity: string;
}

/** Checks the authored properties, in the reference's order and with its texts. */
function readOci(props: OciProperties, ctx: LoweringContext): OciArtifact {
  const source = props.source;
  const url = source.url;
  if (!url.startsWith('oci://')) ctx.fail(`${OWNER}: source.url must use the oci:// scheme`, ['source', 'url']);
  const sourceName = source.name === '' ? undefined : source.name;
  const sourceObjectName = source.objectName;
  if (sourceName !== undefined && sourceObjectName !== undefined) {
    ctx.fail(
      `${OWNER}: source.objectName and source.name are both set, and each names the OCIRepository in another way: write source.objectName to rename the source the component keeps to itself, which stays with the Kustomization and carries the component's annotations and its prune-protection and force-replace traits; write source.name for a source generated on its own, which components that write the same name share`,
      ['source', 'objectName'],
    );
  }
  const version = props.version;
  if (version === '') ctx.fail(`${OWNER}: version is required (a tag, or sha256:<digest>)`, ['version']);
  const interval = props.interval;
  if (interval !== undefined && interval !== '') checkFluxInterval(OWNER, interval, ctx);
  const healthChecks = props.healthChecks ?? [];
  const wait = props.wait === true;
  if (wait && healthChecks.length > 0) {
    ctx.fail(
      `${OWNER}: wait: true and healthChecks are mutually exclusive: kustomize-controller ignores healthChecks when wait is true, so the listed checks would never run; drop wait to check only the listed objects, or drop healthChecks to wait for everything applied`,
      ['wait'],
    );
  }
  return {
    url,
    version,
    path: props.path,
    prune: props.prune,
    interval: interval === '' ? undefined : interval,
    targetNamespace: props.targetNamespace === '' ? undefined : props.targetNamespace,
    wait,
    healthChecks,
    sourceName,
    sourceObjectName,
    kustomizationName: props.kustomizationName,
    identity: sourceIdentity(url, version, interval),
  };
}

/**
 * The url, the version and the interval as the object prints it (60m, 1h and unset are one), as
 * JSON so that no separator in a url makes two identities meet. The prefix keeps it apart from a
 * helm chart's OCI source, which copies the chart layer instead of extracting the artifact.
 */
function sourceIdentity(url: string, version: string, interval: string | undefined): string {
  return `oci-artifact:${goJson({ url, version, interval: effectiveFluxInterval(interval) })}`;
}

/**
 * How many oci components of the document would share this source: those that name no source of
 * their own (source.name, source.objectName) and read the same identity, this one included. One
 * whose properties do not read counts for nothing: its own lowering refuses it.
 */
function consumers(document: DocumentInfo, identity: string): number {
  if (document.components === undefined) return 1;
  let count = 0;
  for (const other of document.components) {
    if (other.type !== 'oci') continue;
    const props = other.properties;
    const source = isJsonObject(props.source) ? props.source : undefined;
    if (typeof source?.url !== 'string' || typeof props.version !== 'string') continue;
    if ((source.name !== undefined && source.name !== '') || source.objectName !== undefined) continue;
    const interval = typeof props.interval === 'string' && props.interval !== '' ? props.interval : undefined;
    if (interval !== undefined && fluxIntervalProblem(interval) !== undefined) continue;
    if (sourceIdentity(source.url, props.version, interval) === identity) count++;
  }
  return count;
}

function sourceSpec(oci: OciArtifact): JsonObject {
  const ref: JsonObject = oci.version.startsWith(DIGEST_PREFIX) ? { digest: oci.version } : { tag: oci.version };
  return { url: oci.url, ref, interval: oci.interval ?? DEFAULT_FLUX_INTERVAL };
}

function kustomizationSpec(oci: OciArtifact, sourceName: string): JsonObject {
  const spec: JsonObject = { interval: oci.interval ?? DEFAULT_FLUX_INTERVAL, path: oci.path, prune: oci.prune, sourceRef: { kind: 'OCIRepository', name: sourceName } };
  // Never defaulted: a Kustomization's targetNamespace overrides every object's own namespace.
  if (oci.targetNamespace !== undefined) spec.targetNamespace = oci.targetNamespace;
  if (oci.wait) spec.wait = true;
  if (oci.healthChecks.length > 0) spec.healthChecks = copyData(oci.healthChecks);
  return spec;
}

function annotationsOf(component: AuthoredComponent): { annotations?: Record<string, string> } {
  return component.annotations !== undefined && Object.keys(component.annotations).length > 0 ? { annotations: { ...component.annotations } } : {};
}

/**
 * A member whose object is named under its role: the authored name, else the Naming hook's, else
 * the component name, claimed through resolveMemberName.
 */
function named(member: AuthoredComponent, authored: string | undefined, property: string, role: 'oci-kustomization' | 'oci-source', what: string, ctx: LoweringContext): AuthoredComponent {
  try {
    ctx.resolveMemberName(member, { role, authored, property });
  } catch (error) {
    if (isHandlerError(error)) ctx.fail(`${OWNER}: naming the ${what}: ${error.message}`, error.path);
    throw error;
  }
  return member;
}
