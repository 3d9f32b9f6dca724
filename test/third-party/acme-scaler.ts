// An organisation's scaler, written against kurel/plugin-api and kurel/plugin-kit alone (no file of kurel's own): the
// proof that a plugin can do what the built-in `scaler` does, byte for byte.
import { definePlugin, defineTrait, type HandlerContext, type K8sObject } from 'kurel/plugin-api';
import { enforceMaxReplicas, schemaBuilders, shortenNameWithSuffix, withPolicyDefault } from 'kurel/plugin-kit';

const { bool, int, str } = schemaBuilders;

function metric(resource: 'cpu' | 'memory', percent: number | undefined, ctx: HandlerContext) {
  if (percent === undefined) return undefined;
  const key = `${resource}Utilization`;
  if (percent < 1 || percent > 100) ctx.fail(`${key} must be between 1 and 100, got ${percent}`, [key]);
  return { type: 'Resource', resource: { name: resource, target: { type: 'Utilization', averageUtilization: percent } } };
}

export const acmeScaler = defineTrait({
  type: 'scaler',
  description: 'Autoscales the Deployment, optionally with a PodDisruptionBudget.',
  contract: { family: 'scaler', version: 'v1alpha1' },
  componentTypes: ['webservice', 'worker', 'deployment'],
  // The roles it names its objects under, as the built-in scaler declares them: it takes its place.
  nameRoles: [
    { role: 'hpa', names: "the scaler trait's HorizontalPodAutoscaler", default: '<component>-hpa', property: 'hpaName', syntax: 'subdomain' },
    { role: 'pdb', names: "the scaler trait's PodDisruptionBudget", default: '<component>-pdb', property: 'pdbName', syntax: 'subdomain' },
  ],
  properties: {
    minReplicas: int('Fewest replicas.', { minimum: 1 }),
    maxReplicas: int('Most replicas.', { minimum: 1 }),
    cpuUtilization: int('Target CPU utilization in percent; 80 when neither target is set.'),
    memoryUtilization: int('Target memory utilization in percent.'),
    enablePDB: bool('Also write a PodDisruptionBudget.', { default: false }),
    hpaName: str('Name of the HorizontalPodAutoscaler.'),
    pdbName: str('Name of the PodDisruptionBudget.'),
  },
  apply({ properties, component }, ctx) {
    const deployment = component.objects.find((object) => object.kind === 'Deployment');
    if (!deployment) return ctx.fail(`scaler: component "${component.name}" generates no Deployment to scale`);
    const minReplicas = withPolicyDefault(properties.minReplicas, ctx.policy.defaultScalerMinReplicas()) ?? 0;
    const maxReplicas = withPolicyDefault(properties.maxReplicas, ctx.policy.defaultScalerMaxReplicas()) ?? 0;
    if (minReplicas < 1) ctx.fail(`minReplicas must be >= 1, got ${minReplicas} (set it on the trait or via an EnvironmentPolicy scaler default)`, ['minReplicas']);
    if (maxReplicas < minReplicas) ctx.fail(`maxReplicas (${maxReplicas}) must be >= minReplicas (${minReplicas})`, ['maxReplicas']);
    if (properties.enablePDB && minReplicas < 2) {
      ctx.fail(`enablePDB requires minReplicas >= 2 (got ${minReplicas}); with 1 replica PDB blocks all voluntary disruptions`, ['enablePDB']);
    }
    enforceMaxReplicas(maxReplicas, ctx, ['maxReplicas']);
    const cpu = properties.cpuUtilization ?? (properties.memoryUtilization === undefined ? 80 : undefined);
    const metrics = [metric('cpu', cpu, ctx), metric('memory', properties.memoryUtilization, ctx)].filter(Boolean);
    const labels = () => ({ app: component.labelValue });
    const named = (role: 'hpa' | 'pdb', kind: string, suffix: string, authored: string | undefined, property: string) =>
      ctx.resolveName({ role, kind, default: shortenNameWithSuffix(component.name, suffix, 253), authored, property });
    const objects: K8sObject[] = [
      {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: named('hpa', 'HorizontalPodAutoscaler.autoscaling', '-hpa', properties.hpaName, 'hpaName'), namespace: component.namespace, labels: labels() },
        spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name }, minReplicas, maxReplicas, metrics },
      },
    ];
    if (properties.enablePDB) {
      objects.push({
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name: named('pdb', 'PodDisruptionBudget.policy', '-pdb', properties.pdbName, 'pdbName'), namespace: component.namespace, labels: labels() },
        spec: { minAvailable: '50%', selector: { matchLabels: labels() } },
      });
    }
    return { objects, subApplication: `${component.name}-scaler` };
  },
});

export default definePlugin({
  meta: { name: '@acme/kurel-plugin-scaler', version: '1.0.0', kurelApi: '^2.0.0' },
  traits: [acmeScaler],
});
