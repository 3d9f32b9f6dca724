import type { ComponentHandler } from 'kurel/plugin-api';
import { cnpgBackup, cnpgClusterImageCatalog, cnpgImageCatalog, cnpgObjectStore, cnpgScheduledBackup } from './backup.js';
import { cnpgCluster } from './cluster.js';
import { cnpgDatabase, cnpgDatabaseRole, cnpgPublication, cnpgSubscription } from './database.js';
import { cnpgPooler } from './pooler.js';

// CloudNativePG: schemas written from the CloudNativePG API reference (postgresql.cnpg.io/v1,
// operator 1.27/1.28) and the Barman Cloud plugin API reference (barmancloud.cnpg.io/v1); no
// npm package ships them.
export const cnpgKinds: ComponentHandler<any>[] = [
  cnpgCluster,
  cnpgPooler,
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
