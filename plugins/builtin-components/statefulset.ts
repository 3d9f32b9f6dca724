import { defineComponent, EACH, type HandlerContext, type PropertiesOf } from 'kurel/plugin-api';
import { copyData, describeValue, enforceMaxReplicas, schemaBuilders } from 'kurel/plugin-kit';
import { kindPodTemplate, kindPorts, nodeKindPodSchema } from './kind-pods.js';
import { copyPresent, ownedMetadata } from './metadata.js';
import type { VolumeMount } from './volumes.js';
import { statefulsetHints, claimTemplateHints } from './refused-fields.js';

/** A PersistentVolumeClaim template as written to the StatefulSet. */
interface ClaimTemplate {
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: Record<string, unknown>;
}

const { bool, int, list, object, oneOf, openObject, quantity, str, stringList, stringMap } = schemaBuilders;

const ACCESS_MODES = ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'];

const claimTemplateKeys = {
  size: quantity('Requested storage of each claim ("10Gi").'),
  storageClassName: str('StorageClass of the claims; defaults to the ClusterProfile\'s "pvc" storageClassName.'),
  accessModes: stringList('Access modes of the claims; defaults to ReadWriteOnce.', 'An access mode.'),
  volumeMode: oneOf(['Filesystem', 'Block'], 'Volume mode of the claims.'),
  mountPath: str('Where each claim is mounted in the main container; leave it out to mount it with volumeMounts.'),
  readOnly: bool('Mount the claim read-only.'),
  subPath: str('Mount only this path within the claim.'),
  labels: stringMap('Labels of the claims.'),
  annotations: stringMap('Annotations of the claims.'),
  selector: openObject('Label selector of the volumes the claims may bind (a Kubernetes LabelSelector).'),
  volumeAttributesClassName: str('VolumeAttributesClass of the claims.'),
};

const volumeClaimTemplatesSchema = list(
  'Claims made per pod: each pod gets its own PersistentVolumeClaim <template>-<pod> from each template.',
  {
    ...object('One claim template.', {
      name: str('Template name; the volume name pods mount it by.', { required: true }),
      ...claimTemplateKeys,
      size: { ...claimTemplateKeys.size, required: true },
    }),
    ...claimTemplateHints,
  },
);

const storageSchema = object('Shorthand for one claim template named data (or name), mounted at mountPath.', {
  name: str('Template name.', { default: 'data' }),
  size: { ...claimTemplateKeys.size, required: true },
  storageClass: str('StorageClass of the claims; defaults to the ClusterProfile\'s "pvc" storageClassName.'),
  accessModes: claimTemplateKeys.accessModes,
  volumeMode: claimTemplateKeys.volumeMode,
  mountPath: str('Where each claim is mounted in the main container.', { required: true }),
});

const SPEC_FIELDS = ['serviceName', 'podManagementPolicy', 'minReadySeconds', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', 'ordinals'];
const RETENTION = ['Retain', 'Delete'];

/** The storage class a template gets: authored, else the profile's "pvc" rendering, else none. */
function platformStorageClass(ctx: HandlerContext): string | undefined {
  const value = ctx.capability('pvc')?.rendering.storageClassName;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') ctx.fail(`capability "pvc" storageClassName: expected a string, got ${describeValue(value)}`);
  return value;
}

function claimTemplate(entry: ClaimTemplateEntry, storageClassName: string | undefined): ClaimTemplate {
  const metadata: ClaimTemplate['metadata'] = { name: entry.name };
  if (entry.labels !== undefined) metadata.labels = copyData(entry.labels);
  if (entry.annotations !== undefined) metadata.annotations = copyData(entry.annotations);
  const spec: Record<string, unknown> = { accessModes: copyData(entry.accessModes ?? ['ReadWriteOnce']), resources: { requests: { storage: String(entry.size) } } };
  const className = entry.storageClassName ?? storageClassName;
  if (className !== undefined) spec.storageClassName = className;
  if (entry.volumeMode !== undefined) spec.volumeMode = entry.volumeMode;
  if (entry.selector !== undefined) spec.selector = copyData(entry.selector);
  if (entry.volumeAttributesClassName !== undefined) spec.volumeAttributesClassName = entry.volumeAttributesClassName;
  return { metadata, spec };
}

/** The authored templates, `storage` first; each checked for access modes and unique names. */
function claimTemplates(props: StatefulSetProperties, ctx: HandlerContext): { templates: ClaimTemplate[]; mounts: VolumeMount[] } {
  const entries: Array<{ entry: ClaimTemplateEntry; at: Array<string | number> }> = [];
  if (props.storage !== undefined) {
    const { storageClass, ...rest } = props.storage;
    entries.push({ entry: { ...rest, storageClassName: storageClass }, at: ['storage'] });
  }
  (props.volumeClaimTemplates ?? []).forEach((entry, index) => entries.push({ entry, at: ['volumeClaimTemplates', index] }));
  const fromProfile = entries.some(({ entry }) => entry.storageClassName === undefined) ? platformStorageClass(ctx) : undefined;
  const names = new Set<string>();
  const out: { templates: ClaimTemplate[]; mounts: VolumeMount[] } = { templates: [], mounts: [] };
  for (const { entry, at } of entries) {
    if (names.has(entry.name)) ctx.fail(`${at.join('.')}.name: duplicate claim template name "${entry.name}"`, [...at, 'name']);
    names.add(entry.name);
    (entry.accessModes ?? []).forEach((mode, index) => {
      if (!ACCESS_MODES.includes(mode)) ctx.fail(`${at.join('.')}.accessModes[${index}]: unknown access mode "${mode}"`, [...at, 'accessModes', index]);
    });
    out.templates.push(claimTemplate(entry, fromProfile));
    if (entry.mountPath !== undefined) {
      const mount: VolumeMount = { name: entry.name, mountPath: entry.mountPath };
      if (entry.readOnly !== undefined) mount.readOnly = entry.readOnly;
      if (entry.subPath !== undefined) mount.subPath = entry.subPath;
      out.mounts.push(mount);
    }
  }
  return out;
}

/** The properties of a statefulset component. */
const statefulsetSchema = {
  ...nodeKindPodSchema(),
  port: int('Port the main container listens on, 1-65535; it is declared as the container port named tcp and answered as the service port.'),
  replicas: int('Number of pods; the environment policy\'s default replicas, else 1, when unset.'),
  serviceName: str('The governing Service (usually headless), authored as a service component beside this one; pods get DNS names <pod>.<serviceName>.'),
  podManagementPolicy: oneOf(['OrderedReady', 'Parallel'], 'Whether pods start and stop one by one or all at once.'),
  updateStrategy: object('How pods are replaced on an update.', {
    type: oneOf(['RollingUpdate', 'OnDelete'], 'The strategy.'),
    rollingUpdate: object('Rolling update settings.', {
      partition: int('Only pods with an ordinal at or above this are updated.'),
      maxUnavailable: { types: ['integer', 'string'], description: 'Pods that may be unavailable during the update (a number or a percentage).' },
    }),
  }),
  minReadySeconds: int('Seconds a new pod must be ready before it counts as available.'),
  revisionHistoryLimit: int('Old revisions kept for rollback.'),
  persistentVolumeClaimRetentionPolicy: object('What happens to the claims when the StatefulSet is deleted or scaled down.', {
    whenDeleted: oneOf(RETENTION, 'On deletion of the StatefulSet.'),
    whenScaled: oneOf(RETENTION, 'On scale-down.'),
  }),
  ordinals: object('Numbering of the pods.', { start: int('First ordinal.') }),
  volumeClaimTemplates: volumeClaimTemplatesSchema,
  storage: storageSchema,
};

/** The properties the handler reads, with defaults applied. */
type StatefulSetProperties = PropertiesOf<typeof statefulsetSchema>;
/** A claim template as the schema admits it; `storage` is read into the same shape. */
type ClaimTemplateEntry = NonNullable<StatefulSetProperties['volumeClaimTemplates']>[number];

/**
 * A StatefulSet and nothing beside it: no Service and no ServiceAccount. `serviceName` names the
 * governing (headless) Service, authored as a `service` component beside it.
 */
export const statefulset = defineComponent({
  type: 'statefulset',
  hints: statefulsetHints,
  description: 'An apps/v1 StatefulSet: pods with stable identities and per-pod claims, with optional init containers and sidecars.',
  example: {
    image: 'ghcr.io/example/store:v2.0.0',
    replicas: 3,
    port: 5432,
    serviceName: 'store',
    storage: { size: '10Gi', mountPath: '/var/lib/store' },
  },
  contract: { family: 'statefulset', version: 'v1alpha1' },
  object: {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    scope: 'namespaced',
    podTemplate: { path: ['spec', 'template'], selector: ['spec', 'selector'] },
    // The controller makes each claim from its template: metadata that reaches claims, no pods.
    metadataHolders: [{ path: ['spec', 'volumeClaimTemplates', EACH, 'metadata'], holder: 'volume claim template', noPods: true }],
  },
  properties: statefulsetSchema,

  render(input, ctx) {
    const props = input.properties;
    // Authored > the policy's default > 1, held to the policy's maximum.
    const replicas: number = props.replicas ?? ctx.policy.defaultReplicas() ?? 1;
    if (replicas < 0) ctx.fail(`replicas: must not be negative, got ${replicas}`, ['replicas']);
    enforceMaxReplicas(replicas, ctx, ['replicas']);
    const { ports, servicePort } = kindPorts(props, 'tcp', ctx);
    const { templates, mounts } = claimTemplates(props, ctx);
    const volumeNames = new Set((props.volumes ?? []).map((volume) => volume.name));
    templates.forEach((template, index) => {
      if (volumeNames.has(template.metadata.name)) ctx.fail(`claim template "${template.metadata.name}" has the name of a volume of the pod`, ['volumeClaimTemplates', index, 'name']);
    });
    const template = kindPodTemplate({ name: input.name, labelValue: input.labelValue, props, ports }, ctx, {
      claimNames: templates.map((entry) => entry.metadata.name),
      extraMounts: mounts,
    });
    const spec: Record<string, unknown> = { replicas, selector: { matchLabels: { app: input.labelValue } }, template };
    copyPresent(spec, props, SPEC_FIELDS);
    if (props.updateStrategy !== undefined) spec.updateStrategy = copyData(props.updateStrategy);
    if (templates.length > 0) spec.volumeClaimTemplates = templates;
    const object = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: ownedMetadata(input.objectName, input.namespace, input.labelValue), spec };
    const answers: Record<string, unknown> = {};
    if (props.serviceAccountName) answers.serviceAccountName = props.serviceAccountName;
    if (servicePort) answers.servicePort = servicePort;
    return { objects: [object], answers };
  },
});
