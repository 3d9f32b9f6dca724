import type { HandlerContext, PropertiesOf } from 'kurel/plugin-api';
import { buildExtraContainers, buildMainContainer, containerSchema, type AuthoredContainer, type Container } from './container.js';
import { copyPresent } from './metadata.js';
import { podLevelFields, podSpecSchema, type PodLevelProperties, type PodSpecFields } from './pod-spec.js';
import type { ContainerPort } from './ports.js';
import { rawAffinitySchema, tolerationsSchema, topologySpreadConstraintsSchema } from './scheduling.js';
import { buildVolumes, volumesSchema, type PodVolume } from './volumes.js';
import { enforcePodPolicy, type PodPaths, type PolicedContainer } from 'kurel/plugin-kit';
import { policyDefaultedResources } from './resources.js';

/**
 * The properties every pod kind (deployment, job, cronjob) shares: the main container, its
 * init containers and sidecars, volumes, the pod-level fields and the raw scheduling shapes.
 */
export function podSurfaceSchema<const J extends boolean>(options: { jobPods: J }) {
  return {
    ...containerSchema,
    volumes: volumesSchema,
    ...podSpecSchema(options),
    affinity: rawAffinitySchema,
    tolerations: tolerationsSchema,
    topologySpreadConstraints: topologySpreadConstraintsSchema,
  };
}

/** The pod surface properties as `podSurfaceSchema` admits them (validated by the engine before a handler runs). */
export type PodSurfaceProperties = PropertiesOf<ReturnType<typeof podSurfaceSchema<false>>> & Partial<PodLevelProperties>;

/** A PodSpec as the pod surface writes it. */
export interface PodSpec extends PodSpecFields {
  containers: Container[];
  initContainers?: AuthoredContainer[];
  volumes?: PodVolume[];
  restartPolicy?: string;
}

/** A pod template labelled `app: <labelValue>`. */
export interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: PodSpec;
}

export interface PodTemplateInput {
  /** The component name: the main container is named after it. */
  name: string;
  labelValue: string;
  props: PodSurfaceProperties;
  /** The main container's ports, as the kind builds them. */
  ports?: ContainerPort[];
  /** Job pods only. */
  restartPolicy?: string;
  /** Completes the template (a kind's own volumes) before it is held to the environment policy. */
  complete?: (template: PodTemplate) => void;
  /** The volumes as authored, when `props.volumes` holds only some of them: refusals point at the authored entry. */
  authoredVolumes?: Array<{ name: string }>;
}

/** A pod template labelled `app: <labelValue>`, built from the pod surface properties. */
export function buildPodTemplate(input: PodTemplateInput, ctx: HandlerContext): PodTemplate {
  const { props } = input;
  const { volumes, mounts } = buildVolumes(props.volumes, ctx);
  const main = buildMainContainer(input.name, props, ctx, { ports: input.ports, volumeMounts: mounts });
  const names = new Set<string>([main.name]);
  const initContainers = buildExtraContainers('initContainers', props.initContainers, names, ctx);
  const sidecars = buildExtraContainers('sidecars', props.sidecars, names, ctx);

  const spec: PodSpec = Object.assign(podLevelFields(props, ctx), { containers: [main, ...sidecars] });
  if (initContainers.length > 0) spec.initContainers = initContainers;
  if (volumes.length > 0) spec.volumes = volumes;
  copyPresent(spec, props, ['affinity', 'tolerations', 'topologySpreadConstraints']);
  if (input.restartPolicy !== undefined) spec.restartPolicy = input.restartPolicy;
  const template: PodTemplate = { metadata: { labels: { app: input.labelValue } }, spec };
  input.complete?.(template);
  enforcePodPolicy(spec, policedContainers(props, main, sidecars, initContainers, ctx), surfacePaths(input.authoredVolumes ?? props.volumes), ctx);
  return template;
}

/** The pod surface is flat: the pod's fields are top-level properties, named as written; a volume by its authored entry. */
function surfacePaths(volumes: Array<{ name: string }> | undefined): PodPaths {
  return {
    label: '',
    field: (name) => [name === 'securityContext' ? 'podSecurityContext' : name],
    volume: (volumeName) => {
      const index = volumes?.findIndex((volume) => volume?.name === volumeName) ?? -1;
      return index >= 0 ? ['volumes', index] : ['volumes'];
    },
  };
}

/** Each container as the author wrote it: the main one's fields are top-level properties. */
function policedContainers(props: PodSurfaceProperties, main: Container, sidecars: AuthoredContainer[], initContainers: AuthoredContainer[], ctx: HandlerContext): PolicedContainer[] {
  const extra = (key: string, list: AuthoredContainer[]) => list.map((container, index) => ({ container, label: `${key}[${index}] "${container.name}": `, path: [key, index] }));
  return [
    { container: main, label: '', path: [], authoredResources: policyDefaultedResources(props.resources, ctx.policy) },
    ...extra('sidecars', sidecars),
    ...extra('initContainers', initContainers),
  ];
}
