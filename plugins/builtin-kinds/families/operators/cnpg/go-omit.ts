// Where the CloudNativePG Go types drop an authored zero value (`omitempty` on a non-pointer).

/** The role flags Go writes without their zero value. */
export const ROLE_OMIT_ZERO = ['connectionLimit', 'disablePassword', 'superuser', 'createdb', 'createrole', 'login', 'replication', 'bypassrls'];

/** The barman configuration's fields Go writes without their zero value, under `prefix`. */
export const barmanOmitZero = (prefix: string): string[] =>
  ['s3Credentials.inheritFromIAMRole', 'azureCredentials.inheritFromAzureAD', 'googleCredentials.gkeEnvironment', 'wal.maxParallel', 'data.immediateCheckpoint'].map(
    (field) => `${prefix}.${field}`,
  );
