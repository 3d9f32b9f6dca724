import { type HandlerContext } from 'kurel/plugin-api';
import { copyData, schemaBuilders } from 'kurel/plugin-kit';
import type { PodTemplate } from './pod-surface.js';
import { VOLUME_TYPES, type AuthoredVolume, type PodVolume, type VolumeMount } from './volumes.js';

/** A volume as `kindVolumesSchema` admits it: the shorthand (with `type`) or a Kubernetes Volume. */
export interface KindVolume {
  name: string;
  type?: AuthoredVolume['type'];
  mountPath?: string;
  [key: string]: unknown;
}

const { bool, list, object, oneOf, openObject, quantity, str } = schemaBuilders;

/**
 * Volumes of the statefulset and daemonset kinds. An entry is either launcher's shorthand (it has
 * `type` and `mountPath`, mounted into the main container) or a Kubernetes Volume written as the
 * API takes it (exactly one volume source, no `type`), mounted through `volumeMounts`.
 */
export const RAW_SOURCES = [
  'hostPath', 'emptyDir', 'configMap', 'secret', 'persistentVolumeClaim', 'projected', 'downwardAPI',
  'csi', 'ephemeral', 'nfs', 'image',
] as const;

/** The shorthand-only keys: a raw Volume does not take them. */
const SHORTHAND_KEYS = ['type', 'mountPath', 'readOnly', 'subPath', 'path', 'medium', 'sizeLimit', 'claimName', 'configMapName', 'secretName'];

export const kindVolumesSchema = list(
  'Volumes of the pods: the shorthand (type and mountPath, mounted into the main container) or a Kubernetes Volume with one source (mounted with volumeMounts).',
  {
    type: 'object',
    description: 'One volume. With type: the shorthand and its mount. Without type: a Kubernetes Volume with exactly one source.',
    properties: {
      name: str('Volume name; unique in the pod.', { required: true }),
      type: oneOf([...VOLUME_TYPES], 'Shorthand: what backs the volume. Leave it out to write a Kubernetes volume source instead.'),
      mountPath: str('Shorthand: where the volume is mounted in the main container.'),
      readOnly: bool('Shorthand: mount the volume read-only.'),
      subPath: str('Shorthand: mount only this path within the volume.'),
      path: str('Shorthand hostPath: the path on the node.'),
      medium: str('Shorthand emptyDir: the storage medium ("Memory" for tmpfs).'),
      sizeLimit: quantity('Shorthand emptyDir: the size limit ("1Gi").'),
      claimName: str('Shorthand pvc: an existing PersistentVolumeClaim.'),
      configMapName: str('Shorthand configMap: the ConfigMap to mount.'),
      secretName: str('Shorthand secret: the Secret to mount.'),
      ...Object.fromEntries(RAW_SOURCES.map((key) => [key, openObject(`Kubernetes ${key} volume source.`)])),
    },
  },
);

export const volumeMountsSchema = list(
  "Mounts of the pod's volumes into the main container (Kubernetes VolumeMounts).",
  object('One mount.', {
    name: str('Volume to mount; a volume of the pod or a claim template.', { required: true }),
    mountPath: str('Where it is mounted in the main container.', { required: true }),
    readOnly: bool('Mount it read-only.'),
    subPath: str('Mount only this path within the volume.'),
    subPathExpr: str('Like subPath, with $(VAR) expanded from the environment.'),
    mountPropagation: oneOf(['None', 'HostToContainer', 'Bidirectional'], 'How mounts propagate between host and container.'),
    recursiveReadOnly: oneOf(['Disabled', 'IfPossible', 'Enabled'], 'Whether a read-only mount is read-only recursively.'),
  }),
);

/** Splits authored volumes into the shorthand entries and the raw Kubernetes ones, checking the raw ones. */
export function splitVolumes(volumes: KindVolume[] | undefined, ctx: HandlerContext): { shorthand: AuthoredVolume[]; raw: KindVolume[] } {
  const out: { shorthand: AuthoredVolume[]; raw: KindVolume[] } = { shorthand: [], raw: [] };
  (volumes ?? []).forEach((volume, index) => {
    const sources = RAW_SOURCES.filter((key) => volume[key] !== undefined);
    if (volume.type !== undefined) {
      if (sources.length > 0) ctx.fail(`volumes[${index}].${sources[0]}: a shorthand volume (with type) takes no Kubernetes volume source`, ['volumes', index, sources[0]]);
      if (volume.mountPath === undefined) ctx.fail(`volumes[${index}]: a shorthand volume needs mountPath`, ['volumes', index, 'mountPath']);
      // Checked above: a shorthand entry has type and mountPath, and the schema admits its other keys.
      out.shorthand.push(volume as AuthoredVolume);
      return;
    }
    for (const key of SHORTHAND_KEYS) {
      if (volume[key] !== undefined) ctx.fail(`volumes[${index}].${key}: only a shorthand volume (with type) takes ${key}; mount a Kubernetes volume with volumeMounts`, ['volumes', index, key]);
    }
    if (sources.length !== 1) {
      ctx.fail(`volumes[${index}]: a volume needs type, or exactly one of ${RAW_SOURCES.join(', ')}`, ['volumes', index]);
    }
    out.raw.push(volume);
  });
  return out;
}

/**
 * Completes a pod template built from the shorthand volumes: the raw volumes join the pod's
 * volumes in authored order, and `volumeMounts` (plus `extraMounts`) join the main container's.
 * Every mount must name a volume of the pod or one of `claimNames`; names and paths are unique.
 */
export function addKindVolumes(template: PodTemplate, props: { volumes?: KindVolume[]; volumeMounts?: VolumeMount[] }, raw: KindVolume[], ctx: HandlerContext, extra: { claimNames?: string[]; extraMounts?: VolumeMount[] } = {}): void {
  const spec = template.spec;
  const built = new Map<string, PodVolume>((spec.volumes ?? []).map((volume) => [volume.name, volume]));
  const rawByName = new Map(raw.map((volume) => [volume.name, volume]));
  const names = new Set<string>();
  const volumes: PodVolume[] = [];
  (props.volumes ?? []).forEach((volume, index) => {
    if (names.has(volume.name)) ctx.fail(`volumes[${index}].name: duplicate volume name "${volume.name}"`, ['volumes', index, 'name']);
    names.add(volume.name);
    volumes.push(rawByName.has(volume.name) ? copyData(volume) : built.get(volume.name)!);
  });
  if (volumes.length > 0) spec.volumes = volumes;
  else delete spec.volumes;

  const main = spec.containers[0];
  const mounts: VolumeMount[] = [...(main.volumeMounts ?? [])];
  const paths = new Set(mounts.map((mount) => mount.mountPath));
  const known = new Set([...names, ...(extra.claimNames ?? [])]);
  (props.volumeMounts ?? []).forEach((mount, index) => {
    if (!known.has(mount.name)) ctx.fail(`volumeMounts[${index}].name: no volume or claim template named "${mount.name}"`, ['volumeMounts', index, 'name']);
    if (paths.has(mount.mountPath)) ctx.fail(`volumeMounts[${index}].mountPath: "${mount.mountPath}" is already mounted`, ['volumeMounts', index, 'mountPath']);
    paths.add(mount.mountPath);
    mounts.push(copyData(mount));
  });
  for (const mount of extra.extraMounts ?? []) {
    if (paths.has(mount.mountPath)) ctx.fail(`"${mount.mountPath}" is already mounted`);
    paths.add(mount.mountPath);
    mounts.push(mount);
  }
  if (mounts.length > 0) main.volumeMounts = mounts;
}
