import type { HandlerContext, PropertiesOf } from 'kurel/plugin-api';
import { addKindVolumes, kindVolumesSchema, splitVolumes, volumeMountsSchema } from './kind-volumes.js';
import type { PodLevelProperties } from './pod-spec.js';
import { buildPodTemplate, podSurfaceSchema, type PodTemplate } from './pod-surface.js';
import { checkContainerPorts, containerPortsSchema, isPortNumber, type ContainerPort } from './ports.js';
import type { VolumeMount } from './volumes.js';

/** The pod properties of the statefulset and daemonset kinds, as `nodeKindPodSchema` admits them, with the main container's `port`. */
export type KindPodProperties = PropertiesOf<ReturnType<typeof nodeKindPodSchema>> & Partial<PodLevelProperties> & { port?: number };

/** The pod surface of the statefulset and daemonset kinds: Kubernetes volumes and mounts beside the shorthand. */
export function nodeKindPodSchema() {
  return {
    ...podSurfaceSchema({ jobPods: false }),
    volumes: kindVolumesSchema,
    volumeMounts: volumeMountsSchema,
    ports: containerPortsSchema,
  };
}

/**
 * The main container's ports: `port` (named `portName`, TCP) first, then `ports`. Returns the
 * ports as written and the service port the component answers.
 */
export function kindPorts(props: KindPodProperties, portName: string, ctx: HandlerContext): { ports: ContainerPort[]; servicePort?: { port: number; name: string } } {
  if (props.port === undefined) return { ports: checkContainerPorts(props.ports, ctx) };
  if (!isPortNumber(props.port)) ctx.fail(`port: must be between 1 and 65535, got ${props.port}`, ['port']);
  const own = { name: portName, containerPort: props.port, protocol: 'TCP' };
  if ((props.ports ?? []).some((entry) => entry.name === portName)) {
    ctx.fail(`ports: the name "${portName}" is the port property's; rename the entry or leave port out`, ['ports']);
  }
  const ports = checkContainerPorts([own, ...(props.ports ?? [])], ctx);
  return { ports, servicePort: { port: props.port, name: portName } };
}

/** A pod template from the pod surface, with the kind's volumes and mounts. */
export function kindPodTemplate(input: { name: string; labelValue: string; props: KindPodProperties; ports: ContainerPort[] }, ctx: HandlerContext, extra: { claimNames?: string[]; extraMounts?: VolumeMount[] } = {}): PodTemplate {
  const { shorthand, raw } = splitVolumes(input.props.volumes, ctx);
  return buildPodTemplate({ ...input, props: { ...input.props, volumes: shorthand }, complete: (template) => addKindVolumes(template, input.props, raw, ctx, extra), authoredVolumes: input.props.volumes }, ctx);
}
