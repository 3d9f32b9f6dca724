import { defineTrait, type JsonObject } from 'kurel/plugin-api';
import { CLAIM_HINTS, isDns1123Subdomain } from 'kurel/plugin-kit';
import { isPositiveQuantity } from './quantity.js';
import { enforceMaxStorage } from 'kurel/plugin-kit';

const ACCESS_MODES = ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'];

/**
 * A PersistentVolumeClaim beside the component. It mounts nothing: a volume names the claim.
 * The ClusterProfile's `pvc` rendering may set storageClassName; an authored one wins.
 */
export const pvc = defineTrait({
  type: 'pvc',
  description: 'A v1 PersistentVolumeClaim owned by the component.',
  example: { name: 'example-data', size: '5Gi' },
  contract: { family: 'pvc', version: 'v1alpha1' },
  capability: {},
  // The claim spec's fields the trait does not take are refused with the persistentvolumeclaim kind's reasons.
  hints: CLAIM_HINTS,
  properties: {
    name: { type: 'string', required: true, description: 'Name of the claim (a DNS-1123 subdomain).' },
    size: { types: ['string', 'number'], description: 'Requested storage, a positive quantity ("5Gi"); the environment policy\'s default storage size when unset.' },
    storageClassName: { type: 'string', description: 'StorageClass of the claim; defaults to the ClusterProfile\'s "pvc" storageClassName.' },
    accessModes: {
      type: 'array',
      default: ['ReadWriteOnce'],
      description: 'Access modes of the claim; at least one.',
      items: { type: 'string', enum: ACCESS_MODES, description: 'An access mode.' },
    },
    volumeMode: { type: 'string', enum: ['Filesystem', 'Block'], description: 'Whether the volume holds a filesystem or is a raw block device.' },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    if (!isDns1123Subdomain(props.name)) ctx.fail(`name: "${props.name}" is not a valid claim name (a DNS-1123 subdomain)`, ['name']);
    const authored = props.size ?? (ctx.policy.defaultStorageSize() || undefined);
    if (authored === undefined) ctx.fail(`"size" is required; neither the trait nor the environment policy's default storage size sets it`, ['size']);
    const size = String(authored);
    if (!isPositiveQuantity(size)) ctx.fail(`size: "${size}" is not a positive quantity (such as "5Gi")`, ['size']);
    enforceMaxStorage(size, ctx, ['size'], `PVC "${props.name}": `);
    if (props.accessModes.length === 0) ctx.fail('accessModes: at least one access mode is required', ['accessModes']);
    const spec: JsonObject = { accessModes: [...props.accessModes], resources: { requests: { storage: size } } };
    if (props.storageClassName !== undefined) spec.storageClassName = props.storageClassName;
    if (props.volumeMode !== undefined) spec.volumeMode = props.volumeMode;
    ctx.claimObjectName({ kind: 'PersistentVolumeClaim', name: props.name, property: 'name', generated: true });
    const metadata = { name: props.name, namespace: component.namespace, labels: { app: component.labelValue } };
    return { objects: [{ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec }] };
  },
});
