import { defineKind } from 'kurel/plugin-kit';
import type { ComponentInput, HandlerContext, JsonObject } from 'kurel/plugin-api';
import { appsV1, coreV1 } from '../../schemas/kubernetes-models/index.js';
import { decodedProperties } from './decoded-properties.js';
import { enforceWrittenPodSpec } from 'kurel/plugin-kit';
import { enforceMaxReplicas } from 'kurel/plugin-kit';

// The strict workload kinds: a bare Pod, and the controllers whose pod template is written whole.

/** A pod template as its schema decodes it: labels are strings, the spec a PodSpec. */
interface PodTemplate {
  metadata?: { labels?: Record<string, string>; [key: string]: unknown };
  spec?: JsonObject;
  [key: string]: unknown;
}

/** The properties of a controller whose pod template is written whole. */
interface ControllerProperties {
  replicas?: number;
  template: PodTemplate;
  [key: string]: unknown;
}

/** Refuses the members of `spec` a kind does not take, each with its reason. */
function refuseMembers(spec: JsonObject | undefined, refused: Record<string, string>, path: (string | number)[], ctx: HandlerContext): void {
  for (const [key, reason] of Object.entries(refused)) {
    if (spec?.[key] !== undefined) ctx.fail(`${[...path, key].join('.')}: ${reason}`, [...path, key]);
  }
}

/** The pod template's labels carry `app: <component>`, which the kind's pods are selected by. */
function labelTemplate<P>(template: PodTemplate, input: ComponentInput<P>, path: (string | number)[], ctx: HandlerContext): PodTemplate {
  const labels: Record<string, string> = template.metadata?.labels ?? {};
  if (labels.app !== undefined && labels.app !== input.labelValue) {
    ctx.fail(`${path.join('.')}.metadata.labels.app: the pod template's app label is the component's, "${input.labelValue}"; it cannot be "${labels.app}"`, [...path, 'metadata', 'labels', 'app']);
  }
  return { ...template, metadata: { ...template.metadata, labels: { ...labels, app: input.labelValue } } };
}

const POD_REFUSED = {
  ephemeralContainers: 'ephemeral containers are added to a running pod by the API, never authored',
  priority: 'the priority is resolved from priorityClassName by the admission controller; set priorityClassName',
  overhead: 'the overhead is set from the RuntimeClass by the admission controller; set runtimeClassName',
};

export const pod = defineKind<JsonObject>({
  type: 'pod',
  description: 'A bare v1 Pod: its properties are the PodSpec, decoded strictly. It carries the app label.',
  apiVersion: 'v1',
  kind: 'Pod',
  scope: 'namespaced',
  // A Pod is itself the pod: its own metadata is the pods', and it has no selector.
  podTemplate: { path: [] },
  appLabel: true,
  properties: decodedProperties(coreV1.PodSpec, ['containers']),
  check: (props, _input, ctx) => {
    refuseMembers(props, POD_REFUSED, [], ctx);
    enforceWrittenPodSpec(props, [], ctx);
  },
});

export const replicaset = defineKind<ControllerProperties>({
  type: 'replicaset',
  description: 'An apps/v1 ReplicaSet: its properties are the ReplicaSetSpec, decoded strictly. The pod template gets the app label.',
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  scope: 'namespaced',
  podTemplate: { path: ['spec', 'template'], selector: ['spec', 'selector'] },
  properties: decodedProperties(appsV1.ReplicaSetSpec, ['selector', 'template']),
  check: (props, _input, ctx) => {
    refuseMembers(props.template?.spec, { activeDeadlineSeconds: 'a ReplicaSet restarts its pods forever; a deadline belongs to a Job' }, ['template', 'spec'], ctx);
    enforceMaxReplicas(props.replicas ?? 1, ctx, ['replicas']);
    enforceWrittenPodSpec(props.template?.spec, ['template', 'spec'], ctx);
  },
  content: (props, input, ctx) => ({ ...props, template: labelTemplate(props.template, input, ['template'], ctx) }),
});

export const replicationcontroller = defineKind<ControllerProperties>({
  type: 'replicationcontroller',
  description: 'A v1 ReplicationController: its properties are the ReplicationControllerSpec, decoded strictly. The pod template gets the app label.',
  apiVersion: 'v1',
  kind: 'ReplicationController',
  scope: 'namespaced',
  podTemplate: { path: ['spec', 'template'], selector: ['spec', 'selector'], selectorIsLabelMap: true },
  properties: decodedProperties(coreV1.ReplicationControllerSpec, ['template']),
  check: (props, _input, ctx) => {
    enforceMaxReplicas(props.replicas ?? 1, ctx, ['replicas']);
    enforceWrittenPodSpec(props.template?.spec, ['template', 'spec'], ctx);
  },
  content: (props, input, ctx) => ({ ...props, template: labelTemplate(props.template, input, ['template'], ctx) }),
});

export const podtemplate = defineKind<{ template: PodTemplate }>({
  type: 'podtemplate',
  description: 'A v1 PodTemplate: stored, not run. Its one property, template, is decoded strictly; no app label.',
  apiVersion: 'v1',
  kind: 'PodTemplate',
  scope: 'namespaced',
  // Stored, not run: a template with no selector of its own.
  podTemplate: { path: ['template'] },
  placement: 'top-level',
  properties: decodedProperties(coreV1.PodTemplate, ['template']),
  check: (props, _input, ctx) => enforceWrittenPodSpec(props.template?.spec, ['template', 'spec'], ctx),
  // The engine stamps the component label on pod templates it finds under `spec`; a PodTemplate
  // holds its template at the top level, so the kind labels it itself.
  content: (props, input, ctx) => {
    const template = props.template;
    const labels = { ...template.metadata?.labels, [ctx.componentLabelKey]: input.labelValue };
    return { ...props, template: { ...template, metadata: { ...template.metadata, labels } } };
  },
});
