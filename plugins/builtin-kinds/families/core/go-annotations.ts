import { type PropertiesSchema, type PropertySchema } from 'kurel/plugin-api';
import { GO_KEEP_EMPTY, GO_OMIT_ZERO } from 'kurel/plugin-kit';
import { once } from '../../shared/lazy.js';
import { admissionregistrationV1, apiregistrationV1, appsV1, coreV1, networkingV1, schedulingV1 } from '../../schemas/kubernetes-models/index.js';

// How the Kubernetes Go types write the members the kubernetes-models schemas describe, as `go`
// annotations (GoEncoding). The generator's "zero-default" mode gives a member without
// `omitempty` its zero as a default: such a member is written even when empty. A string member
// without one is a non-pointer `omitempty` string: "" is not written. Numbers and booleans are
// pointers but for the members listed below, which the .d.ts models cannot tell apart; lists and
// maps are `omitempty` but for the ones listed. A free-form member (raw JSON) is written as authored.

const member = (schema: PropertySchema, ...keys: string[]): PropertySchema[] => keys.map((key) => schema.properties![key]);

const nonPointerScalars = once(
  () =>
    new Set([
      ...member(coreV1.Probe(), 'initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'),
      ...member(coreV1.Container(), 'stdin', 'stdinOnce', 'tty'),
      ...member(coreV1.ContainerPort(), 'hostPort'),
      ...member(coreV1.VolumeMount(), 'readOnly'),
      ...member(coreV1.PodSpec(), 'hostNetwork', 'hostPID', 'hostIPC'),
      ...member(coreV1.PersistentVolumeClaimVolumeSource(), 'readOnly'),
      ...[coreV1.NFSVolumeSource, coreV1.CSIPersistentVolumeSource, coreV1.FCVolumeSource, coreV1.CephFSVolumeSource, coreV1.CephFSPersistentVolumeSource].flatMap((source) => member(source(), 'readOnly')),
      ...[coreV1.RBDVolumeSource, coreV1.RBDPersistentVolumeSource, coreV1.ISCSIVolumeSource, coreV1.ISCSIPersistentVolumeSource].flatMap((source) => member(source(), 'readOnly')),
      ...[coreV1.AWSElasticBlockStoreVolumeSource, coreV1.GCEPersistentDiskVolumeSource].flatMap((source) => member(source(), 'readOnly', 'partition')),
      ...member(coreV1.ReplicationControllerSpec(), 'minReadySeconds'),
      ...member(appsV1.ReplicaSetSpec(), 'minReadySeconds'),
      ...member(networkingV1.ServiceBackendPort(), 'number'),
      ...member(schedulingV1.PriorityClass(), 'globalDefault'),
      ...member(apiregistrationV1.APIServiceSpec(), 'insecureSkipTLSVerify'),
    ]),
);

const collectionsWithoutOmitEmpty = once(
  () => new Set([...member(admissionregistrationV1.MutatingWebhook(), 'admissionReviewVersions'), ...member(admissionregistrationV1.ValidatingWebhook(), 'admissionReviewVersions')]),
);

// The generated modules share a structure between the places that hold it; so do the annotated copies.
const annotatedNodes = new WeakMap<PropertySchema, PropertySchema>();
const annotatedMembers = new WeakMap<PropertiesSchema, PropertiesSchema>();

/** A kubernetes-models schema with the `go` annotations of its members. */
export function withCoreGo(schema: PropertySchema): PropertySchema {
  const known = annotatedNodes.get(schema);
  if (known) return known;
  const out: PropertySchema = { ...schema };
  annotatedNodes.set(schema, out);
  if (schema.items) out.items = withCoreGo(schema.items);
  if (typeof schema.additionalProperties === 'object') out.additionalProperties = withCoreGo(schema.additionalProperties);
  if (schema.properties) out.properties = annotatedProperties(schema.properties);
  return out;
}

function annotatedProperties(properties: PropertiesSchema): PropertiesSchema {
  const known = annotatedMembers.get(properties);
  if (known) return known;
  const out: PropertiesSchema = {};
  annotatedMembers.set(properties, out);
  for (const [key, schema] of Object.entries(properties)) {
    const go = goOf(schema);
    const annotated = withCoreGo(schema);
    out[key] = go ? { ...annotated, go } : annotated;
  }
  return out;
}

function goOf(schema: PropertySchema) {
  if (schema.default !== undefined || collectionsWithoutOmitEmpty().has(schema)) return GO_KEEP_EMPTY;
  if (schema.type === 'string' || nonPointerScalars().has(schema)) return GO_OMIT_ZERO;
  if (schema.additionalProperties === true && !schema.properties) return GO_KEEP_EMPTY;
  return undefined;
}
