// An organisation's trait that names its own object under a role of its own, written against
// kurel/plugin-api and kurel/plugin-kit alone: the role is declared on the trait, and the engine holds names to it
// (syntax, limit, Naming hook, collisions) exactly as it holds a built-in's.
import { definePlugin, defineTrait } from 'kurel/plugin-api';
import { schemaBuilders, shortenNameWithSuffix } from 'kurel/plugin-kit';

const { str } = schemaBuilders;

export const backupSchedule = defineTrait<{ schedule: string; scheduleName?: string }>({
  type: 'acme-backup',
  description: 'Writes the backup schedule of the component into a ConfigMap the backup operator reads.',
  nameRoles: [
    {
      role: 'acme-backup-schedule',
      names: "the acme-backup trait's schedule ConfigMap",
      default: '<component>-backup',
      property: 'scheduleName',
      syntax: 'label1035',
      maxLength: 40,
    },
  ],
  properties: {
    schedule: str('Cron schedule of the backups.', { required: true }),
    scheduleName: str('Name of the schedule ConfigMap (a DNS-1035 label of at most 40 characters).'),
  },
  apply({ properties, component }, ctx) {
    const name = ctx.resolveName({
      role: 'acme-backup-schedule',
      kind: 'ConfigMap',
      default: shortenNameWithSuffix(component.name, '-backup', 40),
      authored: properties.scheduleName,
      property: 'scheduleName',
    });
    return { objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: component.namespace }, data: { schedule: properties.schedule } }] };
  },
});

export default definePlugin({ meta: { name: '@acme/backup', version: '1.0.0', kurelApi: '^2.0.0' }, traits: [backupSchedule] });
