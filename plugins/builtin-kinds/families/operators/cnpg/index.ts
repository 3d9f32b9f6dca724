import type { ComponentHandler } from 'kurel/plugin-api';
import { cnpgBackup, cnpgClusterImageCatalog, cnpgImageCatalog, cnpgObjectStore, cnpgScheduledBackup } from './backup.js';
import { cnpgCluster } from './cluster.js';
import { cnpgDatabase, cnpgDatabaseRole, cnpgPublication, cnpgSubscription } from './database.js';
import { withOperatorEndpoint } from './endpoints.js';
import { cnpgPooler } from './pooler.js';

// CloudNativePG: schemas written by hand from the upstream Go API types and API reference
// (postgresql.cnpg.io/v1, api/v1 of CloudNativePG 1.27/1.28; barmancloud.cnpg.io/v1 of the
// Barman Cloud plugin with the barman-cloud library's object store configuration); no npm
// package ships them.
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
