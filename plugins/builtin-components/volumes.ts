import { type HandlerContext } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';

/** A volume as `volumesSchema` or `roleVolumesSchema` admits it (checked by the engine before a handler runs). */
export interface AuthoredVolume {
  name: string;
  type: (typeof VOLUME_TYPES)[number];
  mountPath: string;
  readOnly?: boolean;
  subPath?: string;
  path?: string;
  medium?: string;
  sizeLimit?: string | number;
  claimName?: string;
  configMapName?: string;
  secretName?: string;
  size?: string | number;
  storageClass?: string;
  accessModes?: string[];
  volumeMode?: 'Filesystem' | 'Block';
  claimObjectName?: string;
  [key: string]: unknown;
}

/** A pod volume as written: its name and its source. */
export interface PodVolume {
  name: string;
  [key: string]: unknown;
}

/** A container's volume mount as written. */
export interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  subPath?: string;
  [key: string]: unknown;
}

const { bool, list, oneOf, quantity, str, stringList } = schemaBuilders;

export const VOLUME_TYPES = ['emptyDir', 'hostPath', 'pvc', 'configMap', 'secret'] as const;

/** The keys each volume type reads besides the common ones; any other type's key is refused. */
const TYPE_KEYS: Record<string, string[]> = {
  emptyDir: ['medium', 'sizeLimit'],
  hostPath: ['path'],
  pvc: ['claimName', 'claimObjectName', 'size', 'storageClass', 'accessModes', 'volumeMode'],
  configMap: ['configMapName'],
  secret: ['secretName'],
};

const commonVolumeKeys = {
  name: str('Volume name; unique in the pod.', { required: true }),
  type: oneOf([...VOLUME_TYPES], 'What backs the volume.', { required: true }),
  mountPath: str('Where the volume is mounted in the main container.', { required: true }),
  readOnly: bool('Mount the volume read-only.'),
  subPath: str('Mount only this path within the volume.'),
  path: str('hostPath: the path on the node.'),
  medium: str('emptyDir: the storage medium ("Memory" for tmpfs).'),
  sizeLimit: quantity('emptyDir: the size limit ("1Gi").'),
  claimName: str('pvc: an existing PersistentVolumeClaim.'),
  configMapName: str('configMap: the ConfigMap to mount.'),
  secretName: str('secret: the Secret to mount.'),
};

/** `volumes` of a pod kind: a pvc volume names an existing claim. */
export const volumesSchema = list('Volumes mounted into the main container.', {
  type: 'object',
  description: 'One volume and its mount. A pvc volume names an existing claim with claimName.',
  properties: commonVolumeKeys,
});

/** `volumes` of webservice and worker: a pvc volume without claimName creates its claim. */
export const roleVolumesSchema = list('Volumes mounted into the main container.', {
  type: 'object',
  description: 'One volume and its mount. A pvc volume without claimName creates a claim named <component>-<volume>.',
  properties: {
    ...commonVolumeKeys,
    size: quantity('pvc without claimName: the size of the claim created ("5Gi").'),
    storageClass: str('pvc without claimName: the claim\'s StorageClass; defaults to the ClusterProfile\'s "pvc" storageClassName.'),
    accessModes: stringList('pvc without claimName: the claim\'s access modes; defaults to ReadWriteOnce.', 'An access mode.'),
    volumeMode: oneOf(['Filesystem', 'Block'], 'pvc without claimName: the claim\'s volume mode.'),
    claimObjectName: str('pvc without claimName: the name of the claim created, used as written (a DNS-1123 subdomain); <component>-<volume> when unset.'),
  },
});

const REQUIRED_BY_TYPE: Record<string, string | undefined> = { hostPath: 'path', configMap: 'configMapName', secret: 'secretName' };

/** Checks what the schema cannot: keys of another type, required per-type keys, unique names and paths. */
export function checkVolumes(volumes: AuthoredVolume[] | undefined, ctx: HandlerContext): void {
  const otherTypeKeys = (type: string) => Object.entries(TYPE_KEYS).filter(([t]) => t !== type).flatMap(([, keys]) => keys);
  const names = new Set<string>();
  const paths = new Set<string>();
  (volumes ?? []).forEach((volume, index) => {
    const at = (key: string) => ['volumes', index, key];
    for (const key of otherTypeKeys(volume.type)) {
      if (volume[key] !== undefined && !TYPE_KEYS[volume.type].includes(key)) {
        ctx.fail(`volumes[${index}].${key}: not valid on a ${volume.type} volume`, at(key));
      }
    }
    const required = REQUIRED_BY_TYPE[volume.type];
    if (required && volume[required] === undefined) ctx.fail(`volumes[${index}]: a ${volume.type} volume needs ${required}`, at(required));
    if (names.has(volume.name)) ctx.fail(`volumes[${index}].name: duplicate volume name "${volume.name}"`, at('name'));
    if (paths.has(volume.mountPath)) ctx.fail(`volumes[${index}].mountPath: "${volume.mountPath}" is already mounted`, at('mountPath'));
    names.add(volume.name);
    paths.add(volume.mountPath);
  });
}

/**
 * The pod volumes and the main container's mounts. A pod kind generates no claim, so a pvc
 * volume must name one (webservice and worker turn theirs into pvc traits first).
 */
export function buildVolumes(volumes: AuthoredVolume[] | undefined, ctx: HandlerContext): { volumes: PodVolume[]; mounts: VolumeMount[] } {
  checkVolumes(volumes, ctx);
  const out: { volumes: PodVolume[]; mounts: VolumeMount[] } = { volumes: [], mounts: [] };
  (volumes ?? []).forEach((volume, index) => {
    if (volume.type === 'pvc' && volume.claimName === undefined) {
      ctx.fail(`volumes[${index}]: a pvc volume needs claimName; create the claim with a pvc trait`, ['volumes', index, 'claimName']);
    }
    out.volumes.push({ name: volume.name, ...volumeSource(volume) });
    const mount: VolumeMount = { name: volume.name, mountPath: volume.mountPath };
    if (volume.readOnly !== undefined) mount.readOnly = volume.readOnly;
    if (volume.subPath !== undefined) mount.subPath = volume.subPath;
    out.mounts.push(mount);
  });
  return out;
}

function volumeSource(volume: AuthoredVolume): Record<string, unknown> {
  switch (volume.type) {
    case 'emptyDir': {
      const source: { medium?: string; sizeLimit?: string } = {};
      if (volume.medium !== undefined) source.medium = volume.medium;
      if (volume.sizeLimit !== undefined) source.sizeLimit = String(volume.sizeLimit);
      return { emptyDir: source };
    }
    case 'hostPath':
      return { hostPath: { path: volume.path } };
    case 'pvc':
      return { persistentVolumeClaim: { claimName: volume.claimName, ...(volume.readOnly ? { readOnly: true } : {}) } };
    case 'configMap':
      return { configMap: { name: volume.configMapName } };
    default:
      return { secret: { secretName: volume.secretName } };
  }
}
