import { defineTrait, type JsonObject } from 'kurel/plugin-api';
import { isDns1123Subdomain, shortenNameWithSuffix, checkSchedule } from 'kurel/plugin-kit';

const COPY_METHODS = ['Snapshot', 'Clone', 'Direct'];

/**
 * A VolSync ReplicationSource `<sourcePVC>-backup` backing the claim up with restic, in the
 * shape of the replicationsource kind. The ClusterProfile's `volsync` rendering supplies the
 * class names; each is written only where the copy method uses it: storageClassName for the
 * Clone and Snapshot copies, volumeSnapshotClassName for Snapshot.
 */
export const volsync = defineTrait({
  type: 'volsync',
  nameRoles: [
    { role: 'volsync-replicationsource', names: "the volsync trait's ReplicationSource", default: '<sourcePVC>-backup', syntax: 'subdomain' },
  ],
  description: 'Back a PersistentVolumeClaim up on a schedule with a VolSync restic ReplicationSource.',
  example: { sourcePVC: 'example-data', schedule: '0 2 * * *', retain: { daily: 7, weekly: 4 } },
  contract: { family: 'volsync', version: 'v1alpha1' },
  capability: {},
  properties: {
    sourcePVC: { type: 'string', required: true, description: 'Name of the claim backed up (a DNS-1123 subdomain).' },
    schedule: { type: 'string', required: true, description: 'Cron schedule of the backups ("0 2 * * *", or a macro such as @daily).' },
    repository: { type: 'string', description: 'Secret holding the restic repository settings and password; "<component>-volsync-secret" when absent. Not generated.' },
    copyMethod: { type: 'string', enum: COPY_METHODS, default: 'Snapshot', description: 'How the point-in-time image of the claim is made: Snapshot, Clone or Direct.' },
    storageClassName: { type: 'string', description: 'StorageClass of the point-in-time copy (Clone and Snapshot); defaults to the ClusterProfile\'s "volsync" storageClassName.' },
    volumeSnapshotClassName: { type: 'string', description: 'VolumeSnapshotClass of the snapshot (Snapshot); defaults to the ClusterProfile\'s "volsync" volumeSnapshotClassName.' },
    pruneIntervalDays: { type: 'integer', description: 'Days between repository prunes, at least 1.' },
    retain: {
      type: 'object',
      description: 'How many backups are kept.',
      properties: {
        daily: { type: 'integer', description: 'Daily backups kept, at least 1.' },
        weekly: { type: 'integer', description: 'Weekly backups kept, at least 1.' },
        monthly: { type: 'integer', description: 'Monthly backups kept, at least 1.' },
      },
    },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    if (!isDns1123Subdomain(props.sourcePVC)) ctx.fail(`sourcePVC: "${props.sourcePVC}" is not a valid claim name (a DNS-1123 subdomain)`, ['sourcePVC']);
    checkSchedule(props.schedule, ctx);
    const repository: string = props.repository ?? shortenNameWithSuffix(component.name, '-volsync-secret', 253);
    if (!isDns1123Subdomain(repository)) ctx.fail(`repository: "${repository}" is not a valid Secret name (a DNS-1123 subdomain)`, ['repository']);
    if (props.pruneIntervalDays !== undefined && props.pruneIntervalDays < 1) {
      ctx.fail(`pruneIntervalDays must be >= 1, got ${props.pruneIntervalDays}`, ['pruneIntervalDays']);
    }
    const retain: JsonObject = {};
    for (const key of ['daily', 'weekly', 'monthly'] as const) {
      const count = props.retain?.[key];
      if (count === undefined) continue;
      if (count < 1) ctx.fail(`retain.${key} must be >= 1, got ${count}`, ['retain', key]);
      retain[key] = count;
    }

    const restic: JsonObject = { copyMethod: props.copyMethod };
    if (props.copyMethod !== 'Direct' && props.storageClassName !== undefined) restic.storageClassName = props.storageClassName;
    if (props.copyMethod === 'Snapshot' && props.volumeSnapshotClassName !== undefined) restic.volumeSnapshotClassName = props.volumeSnapshotClassName;
    if (props.pruneIntervalDays !== undefined) restic.pruneIntervalDays = props.pruneIntervalDays;
    restic.repository = repository;
    restic.customCA = {};
    if (Object.keys(retain).length > 0) restic.retain = retain;

    const name = ctx.resolveName({ role: 'volsync-replicationsource', kind: 'ReplicationSource.volsync.backube', default: shortenNameWithSuffix(props.sourcePVC, '-backup', 253) });
    return {
      objects: [
        {
          apiVersion: 'volsync.backube/v1alpha1',
          kind: 'ReplicationSource',
          metadata: { name, namespace: component.namespace, labels: { app: component.labelValue } },
          spec: { sourcePVC: props.sourcePVC, trigger: { schedule: props.schedule }, restic },
        },
      ],
    };
  },
});
