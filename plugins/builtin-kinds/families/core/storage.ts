import { RefusalClass, type HandlerContext, type JsonObject, type JsonValue, type PropertiesSchema } from 'kurel/plugin-api';
import { CLAIM_HINTS, defineKind, describeValue } from 'kurel/plugin-kit';
import { enforceMaxQuantity, enforceMaxStorage } from 'kurel/plugin-kit';
import { canonicalQuantity } from 'kurel/plugin-kit';
import { coreV1, storageV1 } from '../../schemas/kubernetes-models/index.js';
import { withCoreGo } from './go-annotations.js';
import { decodedProperties } from './decoded-properties.js';

import { childOf } from '../../shared/json-guards.js';

/** A claim's properties once checked: size and accessModes are required; the rest is the claim spec as written. */
interface ClaimProperties {
  size: string | number;
  storageClassName?: string;
  accessModes: string[];
  [key: string]: JsonValue | undefined;
}

const claimProperties = (): PropertiesSchema => {
  const claimSpec = withCoreGo(coreV1.PersistentVolumeClaimSpec()).properties!;
  return {
    size: { types: ['string', 'number'], required: true, description: 'The storage requested (resources.requests.storage), a positive quantity such as "10Gi".' },
    storageClassName: {
      type: 'string',
      description: 'The StorageClass of the claim; defaults to the ClusterProfile\'s "pvc" storageClassName. An empty string asks for no class.',
    },
    accessModes: { ...claimSpec.accessModes, default: ['ReadWriteOnce'] },
    volumeMode: claimSpec.volumeMode,
    selector: claimSpec.selector,
    dataSourceRef: claimSpec.dataSourceRef,
    volumeName: claimSpec.volumeName,
    volumeAttributesClassName: claimSpec.volumeAttributesClassName,
  };
};

/** The hand-parsed claim: `size` for the requested storage, the storage class defaulted by the `pvc` capability. */
const claimKind = defineKind<ClaimProperties>({
  type: 'persistentvolumeclaim',
  description: 'A v1 PersistentVolumeClaim named after the component. storageClassName defaults to the ClusterProfile\'s "pvc" capability.',
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  scope: 'namespaced',
  appLabel: true,
  properties: claimProperties,
  hints: CLAIM_HINTS,
  check(props, input, ctx) {
    const size = canonicalQuantity(props.size);
    if (size === undefined || size.startsWith('-') || size === '0') ctx.fail(`size: "${props.size}" is not a positive quantity (such as "10Gi")`, ['size']);
    enforceMaxStorage(String(props.size), ctx, ['size'], `PVC "${input.objectName}": `);
    if (props.accessModes.length === 0) ctx.fail('accessModes: at least one access mode is required', ['accessModes']);
  },
  // ctx is typed here so that its fail, which never returns, narrows the profile's class.
  content(props, _input, ctx: HandlerContext) {
    const { size, storageClassName, ...rest } = props;
    const spec: Record<string, JsonValue | undefined> = { ...rest, resources: { requests: { storage: size } } };
    const fromProfile = storageClassName === undefined ? ctx.capability('pvc')?.rendering.storageClassName : undefined;
    if (!isStringOrUnset(fromProfile)) {
      ctx.fail(`capability "pvc" defaults: properties.storageClassName: expected a string, got ${describeValue(fromProfile)}`, ['storageClassName']);
    }
    const storageClass = storageClassName ?? fromProfile ?? undefined;
    if (storageClass !== undefined) spec.storageClassName = storageClass;
    // storageClassName is a pointer: an empty class ("no class") is written, not dropped.
    return spec;
  },
});
export const persistentvolumeclaim = claimKind;

/** A storage class a profile may give: a string, or none (null or unset). */
function isStringOrUnset(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string';
}

export const persistentvolume = defineKind<JsonObject>({
  type: 'persistentvolume',
  description: 'A cluster-scoped v1 PersistentVolume: its properties are the PersistentVolumeSpec, decoded strictly.',
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  scope: 'cluster',
  properties: decodedProperties(coreV1.PersistentVolumeSpec),
  check: (props, _input, ctx) => {
    // A PV backed by a node's own filesystem is a host path, which the policy denies by default.
    for (const source of ['hostPath', 'local']) {
      if (props[source] != null && !ctx.policy.allowHostPathVolumes()) {
        ctx.violate(RefusalClass.hostPath, `${source}: a ${source} PersistentVolume is not allowed by environment policy`, [source]);
      }
    }
    const capacity = childOf(props.capacity, 'storage');
    if (capacity !== undefined) enforceMaxQuantity(String(capacity), ctx.policy.maxStorageSize(), 'capacity.storage', RefusalClass.storageMaximum, ctx, ['capacity', 'storage']);
  },
});

export const storageclass = defineKind({
  type: 'storageclass',
  description: 'A storage.k8s.io/v1 StorageClass: its fields (provisioner, parameters, reclaimPolicy, …) are top-level properties.',
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  scope: 'cluster',
  placement: 'top-level',
  properties: decodedProperties(storageV1.StorageClass, ['provisioner']),
});

export const volumeattributesclass = defineKind<{ parameters: Record<string, string> }>({
  type: 'volumeattributesclass',
  description: 'A storage.k8s.io/v1 VolumeAttributesClass: driverName and at least one parameter, as top-level properties.',
  apiVersion: 'storage.k8s.io/v1',
  kind: 'VolumeAttributesClass',
  scope: 'cluster',
  placement: 'top-level',
  properties: decodedProperties(storageV1.VolumeAttributesClass, ['driverName', 'parameters']),
  check(props, _input, ctx) {
    if (Object.keys(props.parameters).length === 0) ctx.fail('parameters: at least one parameter is required', ['parameters']);
  },
});

export const csidriver = defineKind({
  type: 'csidriver',
  description: 'A storage.k8s.io/v1 CSIDriver: its properties are the CSIDriverSpec. Name the component (or objectName) after the driver.',
  apiVersion: 'storage.k8s.io/v1',
  kind: 'CSIDriver',
  scope: 'cluster',
  properties: decodedProperties(storageV1.CSIDriverSpec),
});
