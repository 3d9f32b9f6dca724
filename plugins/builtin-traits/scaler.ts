import { defineTrait, type HandlerContext, type K8sObject, type JsonObject } from 'kurel/plugin-api';
import { shortenNameWithSuffix } from 'kurel/plugin-kit';
import { enforceMaxReplicas, withPolicyDefault } from 'kurel/plugin-kit';

/**
 * A HorizontalPodAutoscaler for the component's Deployment and, with enablePDB, a
 * PodDisruptionBudget keeping half of its pods available.
 */
export const scaler = defineTrait({
  type: 'scaler',
  nameRoles: [
    { role: 'hpa', names: "the scaler trait's HorizontalPodAutoscaler", default: '<component>-hpa', property: 'hpaName', syntax: 'subdomain' },
    { role: 'pdb', names: "the scaler trait's PodDisruptionBudget", default: '<component>-pdb', property: 'pdbName', syntax: 'subdomain' },
  ],
  description: 'Scale the Deployment with a HorizontalPodAutoscaler, optionally guarded by a PodDisruptionBudget.',
  example: { minReplicas: 2, maxReplicas: 10, enablePDB: true },
  contract: { family: 'scaler', version: 'v1alpha1' },
  componentTypes: ['webservice', 'worker', 'deployment'],
  properties: {
    // Not required: the environment policy's scaler defaults may supply them.
    minReplicas: { type: 'integer', minimum: 1, description: "Fewest replicas the autoscaler keeps, at least 1; the environment policy's scaler default when unset." },
    maxReplicas: { type: 'integer', minimum: 1, description: "Most replicas the autoscaler scales to, at least minReplicas; the environment policy's scaler default when unset." },
    // Not a schema default: 80 applies only when no memory target is set either.
    cpuUtilization: { type: 'integer', description: 'Target average CPU utilization, 1-100 percent; 80 when neither target is set.' },
    memoryUtilization: { type: 'integer', description: 'Target average memory utilization, 1-100 percent.' },
    enablePDB: { type: 'boolean', default: false, description: 'Also generate a PodDisruptionBudget with minAvailable 50% (needs minReplicas >= 2).' },
    hpaName: { type: 'string', description: 'Name of the HorizontalPodAutoscaler, used as written (a DNS-1123 subdomain); <component>-hpa when unset.' },
    pdbName: { type: 'string', description: 'Name of the PodDisruptionBudget, used as written (a DNS-1123 subdomain); <component>-pdb when unset. Only with enablePDB.' },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    const target = component.objects.find((object) => object.kind === 'Deployment');
    if (!target) ctx.fail(`scaler: component "${component.name}" generates no Deployment to scale`);
    // Authored (at least 1, as the schema says) > policy default; with neither, the bound is 0 and
    // the checks below refuse it, as they refuse a policy default below 1.
    const minReplicas: number = withPolicyDefault(props.minReplicas, ctx.policy.defaultScalerMinReplicas()) ?? 0;
    const maxReplicas: number = withPolicyDefault(props.maxReplicas, ctx.policy.defaultScalerMaxReplicas()) ?? 0;
    if (minReplicas < 1) ctx.fail(`minReplicas must be >= 1, got ${minReplicas} (set it on the trait or via an EnvironmentPolicy scaler default)`, ['minReplicas']);
    if (maxReplicas < minReplicas) ctx.fail(`maxReplicas (${maxReplicas}) must be >= minReplicas (${minReplicas})`, ['maxReplicas']);
    if (props.enablePDB && minReplicas < 2) {
      ctx.fail(`enablePDB requires minReplicas >= 2 (got ${minReplicas}); with 1 replica PDB blocks all voluntary disruptions`, ['enablePDB']);
    }
    enforceMaxReplicas(maxReplicas, ctx, ['maxReplicas']);
    const cpu = props.cpuUtilization ?? (props.memoryUtilization === undefined ? 80 : undefined);
    const metrics = [utilizationMetric('cpu', cpu, ctx), utilizationMetric('memory', props.memoryUtilization, ctx)].filter(Boolean);

    const labels = () => ({ app: component.labelValue });
    const objects: K8sObject[] = [{
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: ctx.resolveName({ role: 'hpa', kind: 'HorizontalPodAutoscaler.autoscaling', default: shortenNameWithSuffix(component.name, '-hpa', 253), authored: props.hpaName, property: 'hpaName' }), namespace: component.namespace, labels: labels() },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: target!.metadata.name },
        minReplicas,
        maxReplicas,
        metrics,
      },
    }];
    if (props.enablePDB) {
      objects.push({
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name: ctx.resolveName({ role: 'pdb', kind: 'PodDisruptionBudget.policy', default: shortenNameWithSuffix(component.name, '-pdb', 253), authored: props.pdbName, property: 'pdbName' }), namespace: component.namespace, labels: labels() },
        spec: { minAvailable: '50%', selector: { matchLabels: labels() } },
      });
    }
    return { objects, subApplication: `${component.name}-scaler` };
  },
});

function utilizationMetric(resource: 'cpu' | 'memory', percent: number | undefined, ctx: HandlerContext): JsonObject | undefined {
  if (percent === undefined) return undefined;
  const key = `${resource}Utilization`;
  if (percent < 1 || percent > 100) ctx.fail(`${key} must be between 1 and 100, got ${percent}`, [key]);
  return { type: 'Resource', resource: { name: resource, target: { type: 'Utilization', averageUtilization: percent } } };
}
