import { RefusalClass, type HandlerContext, type JsonObject } from 'kurel/plugin-api';
import { enforceMaxQuantity, enforceMaxReplicas } from 'kurel/plugin-kit';
import { enforcePodPolicy } from 'kurel/plugin-kit';

/** The fields of a Cluster's spec the policy reads, as its schema types them. */
interface ClusterPolicyFields {
  instances?: number;
  storage?: { size?: string };
  walStorage?: { size?: string };
  securityContext?: JsonObject;
  resources?: JsonObject;
  podSecurityContext?: JsonObject;
}

/**
 * A Cluster's spec under the environment policy: its instances, its storage sizes (the policy's
 * default size included), its instances' resources as written (the operator adds no default to
 * enforce) and the security contexts of its pods and containers.
 */
export function enforceClusterPolicy(props: ClusterPolicyFields, ctx: HandlerContext): void {
  enforceMaxReplicas(props.instances ?? 1, ctx, ['instances'], 'instances');
  const maxStorage = ctx.policy.maxStorageSize();
  const size = props.storage?.size ?? (ctx.policy.defaultStorageSize() || undefined);
  if (size !== undefined) enforceMaxQuantity(String(size), maxStorage, 'storage.size', RefusalClass.storageMaximum, ctx, ['storage', 'size']);
  if (props.walStorage?.size !== undefined) enforceMaxQuantity(String(props.walStorage.size), maxStorage, 'walStorage.size', RefusalClass.storageMaximum, ctx, ['walStorage', 'size']);
  // The instance container: no registry check here, the image is the operator's catalogue entry or imageName as written.
  const container = { securityContext: props.securityContext, resources: props.resources };
  const paths = { label: '', field: (name: string) => [name === 'securityContext' ? 'podSecurityContext' : name], volume: () => [] };
  enforcePodPolicy({ securityContext: props.podSecurityContext }, [{ container, label: '', path: [] }], paths, ctx);
}
