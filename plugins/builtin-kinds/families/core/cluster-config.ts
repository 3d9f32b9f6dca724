import { defineKind } from 'kurel/plugin-kit';
import { coreV1, nodeV1, schedulingV1 } from '../../schemas/kubernetes-models/index.js';
import { decodedProperties } from './decoded-properties.js';

// Namespaces, quotas and limits, and the classes pods are scheduled and run with.

export const namespace = defineKind({
  type: 'namespace',
  description: 'A cluster-scoped v1 Namespace named after the component: its properties are the NamespaceSpec; its labels come from labels.',
  apiVersion: 'v1',
  kind: 'Namespace',
  scope: 'cluster',
  properties: decodedProperties(coreV1.NamespaceSpec),
});

export const limitrange = defineKind({
  type: 'limitrange',
  description: 'A v1 LimitRange: its properties are the LimitRangeSpec (limits required), decoded strictly.',
  apiVersion: 'v1',
  kind: 'LimitRange',
  scope: 'namespaced',
  properties: decodedProperties(coreV1.LimitRangeSpec, ['limits']),
});

export const resourcequota = defineKind({
  type: 'resourcequota',
  description: 'A v1 ResourceQuota: its properties are the ResourceQuotaSpec (hard, scopes, scopeSelector), decoded strictly.',
  apiVersion: 'v1',
  kind: 'ResourceQuota',
  scope: 'namespaced',
  properties: decodedProperties(coreV1.ResourceQuotaSpec),
});

export const priorityclass = defineKind({
  type: 'priorityclass',
  description: 'A scheduling.k8s.io/v1 PriorityClass: value (0 when unauthored), globalDefault, description and preemptionPolicy as top-level properties.',
  apiVersion: 'scheduling.k8s.io/v1',
  kind: 'PriorityClass',
  scope: 'cluster',
  placement: 'top-level',
  properties: decodedProperties(schedulingV1.PriorityClass),
});

export const runtimeclass = defineKind({
  type: 'runtimeclass',
  description: 'A node.k8s.io/v1 RuntimeClass: handler (required), overhead and scheduling as top-level properties.',
  apiVersion: 'node.k8s.io/v1',
  kind: 'RuntimeClass',
  scope: 'cluster',
  placement: 'top-level',
  properties: decodedProperties(nodeV1.RuntimeClass, ['handler']),
});
