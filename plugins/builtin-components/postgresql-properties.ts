// The postgresql component's properties as its schema admits them: the engine checks them before the rule runs.
import type { AuthoredResources } from './resources.js';

/** An object store's Barman configuration as the schema admits it. */
export interface BarmanSource {
  destinationPath?: string;
  endpointURL?: string;
  secretName?: string;
  retentionPolicy?: string;
  [key: string]: unknown;
}

export interface ManagedRole {
  name: string;
  comment?: string;
  ensure?: string;
  inherit?: boolean;
  connectionLimit?: number;
  passwordSecret?: string;
  inRoles?: string[];
  [key: string]: unknown;
}

export interface DatabaseEntry {
  name: string;
  owner: string;
  objectName?: string;
  ensure?: string;
  databaseReclaimPolicy?: string;
  extensions?: Array<{ name: string; ensure?: string }>;
}

export interface ExternalCluster {
  name: string;
  connectionParameters?: Record<string, string>;
  barmanObjectStore?: BarmanSource;
}

export interface PoolerProperties {
  enabled?: boolean;
  instances: number;
  type: string;
  poolMode: string;
  parameters?: Record<string, string>;
}

/** The properties as the schema admits them (validated by the engine before the rule runs; defaults applied). */
export interface PostgresqlProperties {
  version?: string;
  imageName?: string;
  replicas: number;
  storageSize?: string;
  resources?: AuthoredResources;
  inheritedMetadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  backup?: BarmanSource;
  objectStore?: BarmanSource & { serverName?: string };
  monitoring?: { enabled?: boolean; customQueries?: Array<{ name: string; key: string }> };
  pooler?: PoolerProperties;
  poolerName?: string;
  bootstrap?: { recovery?: { source: string }; pg_basebackup?: { source: string } };
  externalClusters?: ExternalCluster[];
  postgresql?: { parameters?: Record<string, string> };
  replication?: { synchronous?: { method: string; number: number; dataDurability?: string } };
  affinity?: { enablePodAntiAffinity?: boolean; topologyKey?: string; podAntiAffinityType?: string; nodeSelector?: Record<string, string> };
  managedRoles?: ManagedRole[];
  databases?: DatabaseEntry[];
  clusterObjectName?: string;
  objectStoreObjectName?: string;
  [key: string]: unknown;
}
