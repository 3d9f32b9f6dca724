import { type GoEncoding } from 'kurel/plugin-api';
import { GO_OMIT_ZERO } from 'kurel/plugin-kit';

// Where the CloudNativePG Go types drop an authored zero value (`omitempty` on a non-pointer).

export type GoFields = Record<string, GoEncoding>;

/** Each path, as a non-pointer `omitempty` scalar. */
export const omitZeroAt = (...paths: string[]): GoFields => Object.fromEntries(paths.map((path) => [path, GO_OMIT_ZERO]));

/** The role flags Go writes without their zero value, under `prefix` (`''` for a DatabaseRole's spec). */
export const roleOmitZero = (prefix: string): GoFields =>
  omitZeroAt(...['connectionLimit', 'disablePassword', 'superuser', 'createdb', 'createrole', 'login', 'replication', 'bypassrls'].map((field) => `${prefix}${field}`));

/** The barman configuration's fields Go writes without their zero value, under `prefix`. */
export const barmanOmitZero = (prefix: string): GoFields =>
  omitZeroAt(
    ...['s3Credentials.inheritFromIAMRole', 'azureCredentials.inheritFromAzureAD', 'googleCredentials.gkeEnvironment', 'wal.maxParallel', 'data.immediateCheckpoint'].map((field) => `${prefix}.${field}`),
  );
