import { defineKind } from 'kurel/plugin-kit';
import { autoscalingV2, discoveryV1, networkingV1, policyV1 } from '../../schemas/kubernetes-models/index.js';
import { enforceMaxReplicas } from 'kurel/plugin-kit';
import { decodedProperties } from './decoded-properties.js';

// Authored networking, disruption and autoscaling objects: each is the object as written, with
// none of the behaviour of the trait of the same name (no NetworkPolicy synthesis, no derived fields).

export const ingressclass = defineKind({
  type: 'ingressclass',
  description: 'A networking.k8s.io/v1 IngressClass: its properties are the IngressClassSpec (controller required).',
  apiVersion: 'networking.k8s.io/v1',
  kind: 'IngressClass',
  scope: 'cluster',
  properties: decodedProperties(networkingV1.IngressClassSpec, ['controller']),
});

export const servicecidr = defineKind<{ cidrs: string[] }>({
  type: 'servicecidr',
  description: 'A networking.k8s.io/v1 ServiceCIDR: its properties are the ServiceCIDRSpec (at least one CIDR).',
  apiVersion: 'networking.k8s.io/v1',
  kind: 'ServiceCIDR',
  scope: 'cluster',
  properties: decodedProperties(networkingV1.ServiceCIDRSpec, ['cidrs']),
  check(props, _input, ctx) {
    if (props.cidrs.length === 0) ctx.fail('cidrs: at least one CIDR is required', ['cidrs']);
  },
});

export const endpointslice = defineKind({
  type: 'endpointslice',
  description:
    'A discovery.k8s.io/v1 EndpointSlice: addressType, endpoints and ports as top-level properties. It ties to a Service through the kubernetes.io/service-name label, given under labels.',
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  scope: 'namespaced',
  placement: 'top-level',
  properties: decodedProperties(discoveryV1.EndpointSlice),
});

export const ingress = defineKind({
  type: 'ingress',
  description: 'A networking.k8s.io/v1 Ingress as authored: its properties are the IngressSpec. Not the ingress trait: no backend of its own, no NetworkPolicy.',
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  scope: 'namespaced',
  properties: decodedProperties(networkingV1.IngressSpec),
});

export const networkpolicy = defineKind({
  type: 'networkpolicy',
  description: 'A networking.k8s.io/v1 NetworkPolicy as authored: its properties are the NetworkPolicySpec. An unwritten podSelector selects every pod; policyTypes are not derived.',
  apiVersion: 'networking.k8s.io/v1',
  kind: 'NetworkPolicy',
  scope: 'namespaced',
  properties: decodedProperties(networkingV1.NetworkPolicySpec),
});

export const poddisruptionbudget = defineKind({
  type: 'poddisruptionbudget',
  description: 'A policy/v1 PodDisruptionBudget: its properties are the PodDisruptionBudgetSpec. Nothing is required; the selector is the author\'s.',
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  scope: 'namespaced',
  properties: decodedProperties(policyV1.PodDisruptionBudgetSpec),
});

export const horizontalpodautoscaler = defineKind({
  type: 'horizontalpodautoscaler',
  description: 'An autoscaling/v2 HorizontalPodAutoscaler: its properties are the HorizontalPodAutoscalerSpec (scaleTargetRef and maxReplicas required).',
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  scope: 'namespaced',
  properties: decodedProperties(autoscalingV2.HorizontalPodAutoscalerSpec, ['scaleTargetRef', 'maxReplicas']),
  check: (props: { maxReplicas: number }, _input, ctx) => enforceMaxReplicas(props.maxReplicas, ctx, ['maxReplicas']),
});
