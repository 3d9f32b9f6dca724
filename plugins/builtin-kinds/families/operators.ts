import type { ComponentHandler } from 'kurel/plugin-api';
import { ciliumKinds } from './operators/cilium/index.js';
import { cnpgKinds } from './operators/cnpg/index.js';
import { externalSecretsKinds } from './operators/external-secrets/index.js';

// The operator families: CloudNativePG (operators/cnpg), Cilium (operators/cilium) and External
// Secrets (operators/external-secrets). Their schemas are written by hand from the upstream Go
// API types; each sub-table's index records its source and versions.
export const kinds: ComponentHandler<unknown>[] = [...cnpgKinds, ...ciliumKinds, ...externalSecretsKinds];
