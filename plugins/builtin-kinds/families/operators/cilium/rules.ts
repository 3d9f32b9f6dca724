import type { PropertySchema } from 'kurel/plugin-api';
import { ciliumIoV2 } from '../../../generated/cilium/index.js';
import { once } from '../../../shared/lazy.js';

// The Cilium policy rule (cilium.io/v2 api.Rule) that a CiliumNetworkPolicy and a
// CiliumClusterwideNetworkPolicy hold in `spec` and `specs`.

/** The fields of one rule, as the CiliumNetworkPolicy CRD declares them; built on first use. */
export const ruleFields = once((): Record<string, PropertySchema> => ciliumIoV2.CiliumNetworkPolicy().properties!.spec.properties!);

export interface CiliumRule {
  endpointSelector?: unknown;
  nodeSelector?: unknown;
  ingress?: unknown[];
  ingressDeny?: unknown[];
  egress?: unknown[];
  egressDeny?: unknown[];
}
