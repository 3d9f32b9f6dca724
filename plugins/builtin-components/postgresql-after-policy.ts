import type { PostPolicyStep } from 'kurel/plugin-api';
import { enforceMaxStorage } from 'kurel/plugin-kit';

/** The size of each instance's storage when neither the author nor the policy gives one. */
export const FALLBACK_STORAGE_SIZE = '1Gi';

/** The fields of a cnpg Cluster's spec read and set here; the cnpg-cluster kind writes them. */
interface ClusterSpec {
  [field: string]: unknown;
  storage?: { [field: string]: unknown; size?: unknown };
  instances?: number;
  enablePDB?: boolean;
}

/**
 * The values postgresql derives once the policy is applied to its Cluster, attached by the rule to
 * the cnpg-cluster it emits: the storage size falls back to 1Gi only where the cnpg-cluster kind
 * found neither an authored size nor the policy's default, and that fallback is held to the
 * policy's maximum here, since the policy is not applied again; the PodDisruptionBudget follows
 * the instances the policy let through.
 */
export const applyPostgresqlDefaults: PostPolicyStep = ({ objects }, ctx) => {
  const cluster = objects.find((object) => object.kind === 'Cluster');
  if (!cluster) return;
  // The cnpg-cluster kind emits its spec as a map of these fields.
  const spec = (cluster.spec ??= {}) as ClusterSpec;
  if (spec.storage?.size === undefined) {
    enforceMaxStorage(FALLBACK_STORAGE_SIZE, ctx, ['storageSize']);
    spec.storage = { ...spec.storage, size: FALLBACK_STORAGE_SIZE };
  }
  spec.enablePDB = (spec.instances ?? 1) > 1;
};
