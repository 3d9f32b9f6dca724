import { defineTrait, type HandlerContext, type K8sObject, type JsonObject } from 'kurel/plugin-api';
import { isDns1123Subdomain, podTemplatesOf, buildConfigMap, configMapContentSchema } from 'kurel/plugin-kit';

/**
 * A ConfigMap beside the component, built as the configmap kind builds one. With mountPath it
 * is also mounted, as a volume named after it, into the first container of every pod template
 * of the component.
 */
export const configmap = defineTrait({
  type: 'configmap',
  description: 'A v1 ConfigMap owned by the component, optionally mounted into its pods.',
  example: { name: 'example-settings', data: { currency: 'EUR' }, mountPath: '/etc/example' },
  contract: { family: 'configmap', version: 'v1alpha1' },
  properties: {
    name: { type: 'string', required: true, description: 'Name of the ConfigMap (a DNS-1123 subdomain).' },
    ...configMapContentSchema,
    mountPath: { type: 'string', description: "Where the ConfigMap is mounted in the component's main container; unset, it is not mounted." },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    if (!isDns1123Subdomain(props.name)) ctx.fail(`name: "${props.name}" is not a valid ConfigMap name (a DNS-1123 subdomain)`, ['name']);
    ctx.claimObjectName({ kind: 'ConfigMap', name: props.name, property: 'name', generated: true });
    const metadata = { name: props.name, namespace: component.namespace, labels: { app: component.labelValue } };
    const object = buildConfigMap(props, metadata, ctx);
    if (props.mountPath !== undefined) mountInto(component.objects, props.name, props.mountPath, ctx);
    return { objects: [object], fluxNamespaceInput: { kind: 'ConfigMap', name: props.name } };
  },
});

function mountInto(objects: K8sObject[], name: string, mountPath: string, ctx: HandlerContext): void {
  const templates = podTemplatesOf(objects, ctx);
  if (templates.length === 0) {
    ctx.fail('mountPath: the component runs no pods to mount the ConfigMap into (no Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob or Pod)', ['mountPath']);
  }
  for (const { owner, spec } of templates) {
    const where = `${owner.kind} "${owner.metadata.name}"`;
    const volumes = (spec.volumes ??= []) as JsonObject[];
    if (volumes.some((volume) => volume.name === name)) {
      ctx.fail(`name: ${where} already has a volume named "${name}"; give the ConfigMap another name`, ['name']);
    }
    const container = spec.containers?.[0];
    if (!container) continue;
    const mounts = (container.volumeMounts ??= []) as JsonObject[];
    if (mounts.some((mount) => mount.mountPath === mountPath)) {
      ctx.fail(`mountPath: ${where} already mounts a volume at "${mountPath}"`, ['mountPath']);
    }
    volumes.push({ name, configMap: { name } });
    mounts.push({ name, mountPath });
  }
}
