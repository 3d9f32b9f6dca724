import type { ComponentHandler } from 'kurel/plugin-api';
import { ciliumKinds } from './operators/cilium/index.js';
import { cnpgKinds } from './operators/cnpg/index.js';
import { externalSecretsKinds } from './operators/external-secrets/index.js';

// The operator families: CloudNativePG, Cilium and External Secrets. Each sub-table records the
// source of its schemas.
export const kinds: ComponentHandler<any>[] = [...cnpgKinds, ...ciliumKinds, ...externalSecretsKinds];
