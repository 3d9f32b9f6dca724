import type { PropertySchema } from 'kurel/plugin-api';
import { bool, int, list, obj, oneOf, quantity, req, smap, str, strings } from '../schema.js';
import { configMapKeySelector, localObjectReference, secretKeySelector, typedLocalObjectReference } from '../core/meta.js';
import { probeTiming, serviceTemplate } from '../core/pod.js';
import { relabelConfig } from './shared.js';

// Parts of the CloudNativePG ClusterSpec (postgresql.cnpg.io/v1): PostgreSQL configuration,
// bootstrap, managed roles and services, monitoring and probes.

const extensionConfiguration = obj('An extension shipped as an image volume.', {
  name: req(str('The extension name.')),
  image: req(obj('The image holding the extension.', { reference: str('The image reference.'), pullPolicy: oneOf(['Always', 'Never', 'IfNotPresent'], 'The pull policy.') })),
  extension_control_path: strings('Paths added to extension_control_path.', 'A path in the image.'),
  dynamic_library_path: strings('Paths added to dynamic_library_path.', 'A path in the image.'),
  ld_library_path: strings('Paths added to LD_LIBRARY_PATH.', 'A path in the image.'),
});

export const extensionList = list('Extensions shipped as image volumes.', extensionConfiguration);

export const postgresConfiguration = obj('PostgreSQL configuration.', {
  parameters: smap('postgresql.conf parameters.', 'The parameter value.'),
  synchronous: obj('Quorum-based synchronous replication.', {
    method: req(oneOf(['any', 'first'], 'How the synchronous standbys are chosen.')),
    number: req(int('The number of synchronous standbys.')),
    maxStandbyNamesFromCluster: int('Most standby names taken from the cluster.'),
    standbyNamesPre: strings('Standby names put before the cluster ones.', 'A name.'),
    standbyNamesPost: strings('Standby names put after the cluster ones.', 'A name.'),
    dataDurability: oneOf(['required', 'preferred'], 'Whether writes wait for the standbys when too few are available.'),
    failoverQuorum: bool('Require a quorum of synchronous standbys for a failover.'),
  }),
  pg_hba: strings('pg_hba.conf lines.', 'A line.'),
  pg_ident: strings('pg_ident.conf lines.', 'A line.'),
  syncReplicaElectionConstraint: obj('Constraints on which replicas may become synchronous.', {
    nodeLabelsAntiAffinity: strings('Node labels that must differ from the primary.', 'A label key.'),
    enabled: req(bool('Whether the constraint applies.')),
  }),
  shared_preload_libraries: strings('Libraries added to shared_preload_libraries.', 'A library.'),
  ldap: obj('LDAP authentication.', {
    server: str('The LDAP server.'),
    port: int('The LDAP port.'),
    scheme: oneOf(['ldap', 'ldaps'], 'The scheme.'),
    tls: bool('Use StartTLS.'),
    bindAsAuth: obj('Simple bind.', { prefix: str('Prefix of the bind DN.'), suffix: str('Suffix of the bind DN.') }),
    bindSearchAuth: obj('Search and bind.', {
      baseDN: str('Where the search starts.'),
      bindDN: str('The DN to bind as.'),
      bindPassword: secretKeySelector('The bind password.'),
      searchAttribute: str('The attribute matched against the user name.'),
      searchFilter: str('The search filter.'),
    }),
  }),
  promotionTimeout: int('Seconds a promotion may take.'),
  enableAlterSystem: bool('Allow ALTER SYSTEM.'),
  extensions: extensionList,
});

const sqlRefs = (description: string): PropertySchema =>
  obj(description, {
    secretRefs: list('Secrets holding SQL.', secretKeySelector('A Secret key.')),
    configMapRefs: list('ConfigMaps holding SQL.', configMapKeySelector('A ConfigMap key.')),
  });

const owned = {
  database: str('The application database.'),
  owner: str('The owner of the application database.'),
  secret: localObjectReference('The Secret with the credentials of the owner.'),
};

export const bootstrap = obj('How the cluster is created.', {
  initdb: obj('Create a new cluster with initdb.', {
    ...owned,
    options: strings('Extra initdb options.', 'An option.'),
    dataChecksums: bool('Enable data checksums.'),
    encoding: str('The database encoding.'),
    localeCollate: str('LC_COLLATE.'),
    localeCType: str('LC_CTYPE.'),
    locale: str('The locale.'),
    localeProvider: str('The locale provider.'),
    icuLocale: str('The ICU locale.'),
    icuRules: str('The ICU collation rules.'),
    builtinLocale: str('The builtin locale.'),
    walSegmentSize: int('The WAL segment size in megabytes.'),
    postInitSQL: strings('SQL run as superuser in the postgres database.', 'A statement.'),
    postInitApplicationSQL: strings('SQL run as superuser in the application database.', 'A statement.'),
    postInitTemplateSQL: strings('SQL run as superuser in template1.', 'A statement.'),
    postInitSQLRefs: sqlRefs('SQL for the postgres database, from Secrets and ConfigMaps.'),
    postInitApplicationSQLRefs: sqlRefs('SQL for the application database, from Secrets and ConfigMaps.'),
    postInitTemplateSQLRefs: sqlRefs('SQL for template1, from Secrets and ConfigMaps.'),
    import: obj('Import databases from an external cluster.', {
      source: req(obj('The source.', { externalCluster: req(str('The external cluster.')) })),
      type: req(oneOf(['microservice', 'monolith'], 'The import type.')),
      databases: req(strings('The databases imported.', 'A database.')),
      roles: strings('The roles imported.', 'A role.'),
      postImportApplicationSQL: strings('SQL run after the import.', 'A statement.'),
      schemaOnly: bool('Import the schema only.'),
      pgDumpExtraOptions: strings('Extra pg_dump options.', 'An option.'),
      pgRestoreExtraOptions: strings('Extra pg_restore options.', 'An option.'),
      pgRestorePredataOptions: strings('Extra pg_restore options of the pre-data section.', 'An option.'),
      pgRestoreDataOptions: strings('Extra pg_restore options of the data section.', 'An option.'),
      pgRestorePostdataOptions: strings('Extra pg_restore options of the post-data section.', 'An option.'),
    }),
  }),
  recovery: obj('Create the cluster from a backup.', {
    ...owned,
    backup: obj('The Backup to recover from.', { name: req(str('The Backup name.')), endpointCA: secretKeySelector('The CA of the object store.') }),
    source: str('The external cluster to recover from.'),
    volumeSnapshots: obj('The VolumeSnapshots to recover from.', {
      storage: req(typedLocalObjectReference('The snapshot of the data volume.')),
      walStorage: typedLocalObjectReference('The snapshot of the WAL volume.'),
      tablespaceStorage: { type: 'object', description: 'The snapshot of each tablespace.', additionalProperties: typedLocalObjectReference('A snapshot.') },
    }),
    recoveryTarget: obj('Point-in-time recovery target.', {
      backupID: str('The backup to start from.'),
      targetTLI: str('The timeline.'),
      targetXID: str('The transaction id.'),
      targetName: str('The restore point name.'),
      targetLSN: str('The LSN.'),
      targetTime: str('The time stamp.'),
      targetImmediate: bool('Stop as soon as a consistent state is reached.'),
      exclusive: bool('Stop just before the target.'),
    }),
  }),
  pg_basebackup: obj('Create the cluster as a copy of a running one.', { ...owned, source: req(str('The external cluster to copy.')) }),
});

export const roleProperties: Record<string, PropertySchema> = {
  name: req(str('The role name.')),
  comment: str('A comment on the role.'),
  ensure: oneOf(['present', 'absent'], 'Whether the role is present or absent.'),
  passwordSecret: localObjectReference('The Secret holding the password.'),
  connectionLimit: int('Connections the role may open; -1 for no limit.'),
  validUntil: str('When the password stops being valid (a time stamp).'),
  inRoles: strings('The roles it is a member of.', 'A role.'),
  inherit: bool('Whether it inherits the privileges of its roles.'),
  disablePassword: bool('Remove the password.'),
  superuser: bool('SUPERUSER.'),
  createdb: bool('CREATEDB.'),
  createrole: bool('CREATEROLE.'),
  login: bool('LOGIN.'),
  replication: bool('REPLICATION.'),
  bypassrls: bool('BYPASSRLS.'),
};

/** The role flags Go writes without their zero value (`omitempty` on a non-pointer). */
export const ROLE_OMIT_ZERO = ['connectionLimit', 'disablePassword', 'superuser', 'createdb', 'createrole', 'login', 'replication', 'bypassrls'];

export const managed = obj('Roles and Services the operator manages.', {
  roles: list('Database roles.', obj('A role.', roleProperties)),
  services: obj('The Services of the cluster.', {
    disabledDefaultServices: list('Default Services not created.', oneOf(['rw', 'r', 'ro'], 'A Service.')),
    additional: list(
      'Additional Services.',
      obj('An additional Service.', {
        selectorType: req(oneOf(['rw', 'r', 'ro'], 'The instances the Service selects.')),
        updateStrategy: oneOf(['patch', 'replace'], 'How the Service is updated.'),
        serviceTemplate: req(serviceTemplate('The Service.')),
      }),
    ),
  }),
});

export const monitoring = obj('Monitoring settings.', {
  disableDefaultQueries: bool('Do not install the default metric queries.'),
  customQueriesConfigMap: list('ConfigMaps with custom queries.', configMapKeySelector('A ConfigMap key.')),
  customQueriesSecret: list('Secrets with custom queries.', secretKeySelector('A Secret key.')),
  enablePodMonitor: bool('Create a PodMonitor.'),
  tls: obj('TLS of the metrics endpoint.', { enabled: bool('Serve metrics over TLS.') }),
  podMonitorMetricRelabelings: list('Metric relabelings of the PodMonitor.', relabelConfig),
  podMonitorRelabelings: list('Relabelings of the PodMonitor.', relabelConfig),
  metricsQueriesTTL: str('How long metrics computed from queries stay current (a Go duration).'),
});

const strategyProbe = (description: string): PropertySchema =>
  obj(description, {
    ...probeTiming,
    type: oneOf(['pg_isready', 'streaming', 'query'], 'How the probe checks the instance.'),
    maximumLag: quantity('The lag a streaming replica may have.'),
  });

export const probes = obj('Probe settings of the instances.', {
  startup: strategyProbe('The startup probe.'),
  readiness: strategyProbe('The readiness probe.'),
  liveness: obj('The liveness probe.', {
    ...probeTiming,
    isolationCheck: obj('The primary isolation check.', {
      enabled: bool('Whether the check runs.'),
      requestTimeout: int('Milliseconds of the request timeout.'),
      connectionTimeout: int('Milliseconds of the connection timeout.'),
    }),
  }),
});
