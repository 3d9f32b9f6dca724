import type { ComponentHandler } from 'kurel/plugin-api';

// CloudNativePG labels the pods it creates with its own keys and the name of the object that made
// them: a Cluster's instances `cnpg.io/cluster: <cluster>`, a Pooler's PgBouncer pods
// `cnpg.io/poolerName: <pooler>`. Both listen on 5432. An authored objectName is that name.

const POSTGRES_PORT = 5432;

export function withOperatorEndpoint<P>(handler: ComponentHandler<P>, selectorKey: 'cnpg.io/cluster' | 'cnpg.io/poolerName'): ComponentHandler<P> {
  // The handler's own property descriptors: its schema stays built on first use.
  const withEndpoints = Object.defineProperties({}, Object.getOwnPropertyDescriptors(handler)) as ComponentHandler<P>;
  withEndpoints.endpoints = ({ objectName }) => [{ selector: { [selectorKey]: objectName }, ports: [{ port: POSTGRES_PORT }] }];
  return withEndpoints;
}
