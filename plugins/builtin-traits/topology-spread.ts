import { defineTrait, type HandlerContext, type K8sObject, type JsonObject, type LabelSelector } from 'kurel/plugin-api';
import { type PodSpecFields } from 'kurel/plugin-kit';

/** What the trait reads and writes of a Deployment's spec. */
interface DeploymentSpec {
  replicas?: number;
  selector?: LabelSelector;
  template: { spec?: PodSpecFields };
}

/** Constraints by replica count: none for one pod, nodes from 2, and zones (softly) from 3. */
function spreadConstraints(replicas: number, matchLabels: Record<string, string>): JsonObject[] {
  const constraint = (topologyKey: string, whenUnsatisfiable: string) => ({
    labelSelector: { matchLabels: { ...matchLabels } },
    maxSkew: 1,
    topologyKey,
    whenUnsatisfiable,
  });
  if (replicas <= 1) return [];
  const constraints = [constraint('kubernetes.io/hostname', 'DoNotSchedule')];
  if (replicas >= 3) constraints.push(constraint('topology.kubernetes.io/zone', 'ScheduleAnyway'));
  return constraints;
}

/**
 * Launcher's default spread for every Deployment of the component, from its replica count and
 * its selector. Constraints already there are refused rather than merged: two sources for one
 * field would leave the result to whichever a reader assumed won.
 */
export const topologySpread = defineTrait({
  type: 'topology-spread',
  description: "Spread the component's Deployment pods over nodes and zones according to their replica count.",
  contract: { family: 'topology-spread', version: 'v1alpha1' },
  properties: {},
  example: {},
  apply({ component }, ctx) {
    const deployments = component.objects.filter((object) => object.kind === 'Deployment');
    if (deployments.length === 0) {
      ctx.fail(`topology-spread: component "${component.name}" generates no Deployment the trait can act on`);
    }
    for (const deployment of deployments) spread(deployment, ctx);
  },
});

function spread(deployment: K8sObject, ctx: HandlerContext): void {
  const spec = deployment.spec as DeploymentSpec;
  const podSpec = (spec.template.spec ??= {});
  const name = deployment.metadata.name;
  const existing = (podSpec.topologySpreadConstraints as unknown[] | undefined)?.length ?? 0;
  if (existing > 0) {
    ctx.fail(`topology-spread: Deployment "${name}" already carries ${existing} topologySpreadConstraints; remove them, set topologySpread: false, or drop the trait`);
  }
  const selector = spec.selector;
  if (!selector?.matchLabels || Object.keys(selector.matchLabels).length === 0 || selector.matchExpressions?.length) {
    ctx.fail(`topology-spread: Deployment "${name}" needs a selector made of matchLabels only to derive the spread selector from`);
  }
  const constraints = spreadConstraints(spec.replicas ?? 1, selector!.matchLabels!);
  if (constraints.length > 0) podSpec.topologySpreadConstraints = constraints;
}
