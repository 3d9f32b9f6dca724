import type { HandlerContext, PropertiesSchema } from 'kurel/plugin-api';
import { buildExtraContainers, buildMainContainer, containerSchema } from './container.js';
import { copyPresent, type Json } from './metadata.js';
import { podLevelFields, podSpecSchema } from './pod-spec.js';
import { rawAffinitySchema, tolerationsSchema, topologySpreadConstraintsSchema } from './scheduling.js';
import { buildVolumes, volumesSchema } from './volumes.js';
import { enforcePodPolicy, type PodPaths, type PolicedContainer } from 'kurel/plugin-api';
import { policyDefaultedResources } from './resources.js';

/**
 * The properties every pod kind (deployment, job, cronjob) shares: the main container, its
 * init containers and sidecars, volumes, the pod-level fields and the raw scheduling shapes.
 */
export function podSurfaceSchema(options: { jobPods: boolean }): PropertiesSchema {
  return {
    ...containerSchema,
    volumes: volumesSchema,
    ...podSpecSchema(options),
    affinity: rawAffinitySchema,
    tolerations: tolerationsSchema,
    topologySpreadConstraints: topologySpreadConstraintsSchema,
  };
}

export interface PodTemplateInput {
  /** The component name: the main container is named after it. */
  name: string;
  labelValue: string;
  props: Json;
  /** The main container's ports, as the kind builds them. */
  ports?: Json[];
  /** Job pods only. */
  restartPolicy?: string;
  /** Completes the template (a kind's own volumes) before it is held to the environment policy. */
  complete?: (template: Json) => void;
  /** The volumes as authored, when `props.volumes` holds only some of them: refusals point at the authored entry. */
  authoredVolumes?: Json[];
}

/** A pod template labelled `app: <labelValue>`, built from the pod surface properties. */
export function buildPodTemplate(input: PodTemplateInput, ctx: HandlerContext): Json {
  const { props } = input;
  const { volumes, mounts } = buildVolumes(props.volumes, ctx);
  const main = buildMainContainer(input.name, props, ctx, { ports: input.ports, volumeMounts: mounts });
  const names = new Set<string>([main.name]);
  const initContainers = buildExtraContainers('initContainers', props.initContainers, names, ctx);
  const sidecars = buildExtraContainers('sidecars', props.sidecars, names, ctx);

  const spec: Json = podLevelFields(props, ctx);
  spec.containers = [main, ...sidecars];
  if (initContainers.length > 0) spec.initContainers = initContainers;
  if (volumes.length > 0) spec.volumes = volumes;
  copyPresent(spec, props, ['affinity', 'tolerations', 'topologySpreadConstraints']);
  if (input.restartPolicy !== undefined) spec.restartPolicy = input.restartPolicy;
  const template = { metadata: { labels: { app: input.labelValue } }, spec };
  input.complete?.(template);
  enforcePodPolicy(spec, policedContainers(props, main, sidecars, initContainers, ctx), surfacePaths(input.authoredVolumes ?? props.volumes), ctx);
  return template;
}

/** The pod surface is flat: the pod's fields are top-level properties, named as written; a volume by its authored entry. */
function surfacePaths(volumes: Json[] | undefined): PodPaths {
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
function policedContainers(props: Json, main: Json, sidecars: Json[], initContainers: Json[], ctx: HandlerContext): PolicedContainer[] {
  const extra = (key: string, list: Json[]) => list.map((container, index) => ({ container, label: `${key}[${index}] "${container.name}": `, path: [key, index] }));
  return [
    { container: main, label: '', path: [], authoredResources: policyDefaultedResources(props.resources, ctx.policy) },
    ...extra('sidecars', sidecars),
    ...extra('initContainers', initContainers),
  ];
}
