import type { ComponentHandler } from 'kurel/plugin-api';
import { cnpgBackup, cnpgClusterImageCatalog, cnpgImageCatalog, cnpgObjectStore, cnpgScheduledBackup } from './backup.js';
import { cnpgCluster } from './cluster.js';
import { cnpgDatabase, cnpgDatabaseRole, cnpgPublication, cnpgSubscription } from './database.js';
import { withOperatorEndpoint } from './endpoints.js';
import { cnpgPooler } from './pooler.js';

// CloudNativePG. What an author may write is generated from the CRDs of cloudnative-pg v1.30.0
// (postgresql.cnpg.io/v1, crds/cloudnative-pg) and plugin-barman-cloud v0.14.0
// (barmancloud.cnpg.io/v1 ObjectStore, crds/plugin-barman-cloud), with the reference's departures
// in overlay.ts; each kind's `go` annotations say where the upstream types write what was not
// authored.
export const cnpgKinds: ComponentHandler<any>[] = [
  withOperatorEndpoint(cnpgCluster, 'cnpg.io/cluster'),
  withOperatorEndpoint(cnpgPooler, 'cnpg.io/poolerName'),
  cnpgDatabase,
  cnpgObjectStore,
  cnpgBackup,
  cnpgScheduledBackup,
  cnpgImageCatalog,
  cnpgClusterImageCatalog,
  cnpgDatabaseRole,
  cnpgPublication,
  cnpgSubscription,
];
