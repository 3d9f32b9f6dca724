import { defineKind } from 'kurel/plugin-kit';
import { admissionregistrationV1, apiregistrationV1, rbacV1 } from '../../schemas/kubernetes-models/index.js';
import { decodedProperties } from './decoded-properties.js';

// RBAC, API aggregation and admission webhooks: whole objects less their identity, decoded strictly.

export const role = defineKind({
  type: 'role',
  description: 'An rbac.authorization.k8s.io/v1 Role: rules as a top-level property.',
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'Role',
  scope: 'namespaced',
  placement: 'top-level',
  properties: decodedProperties(rbacV1.Role),
});

export const rolebinding = defineKind({
  type: 'rolebinding',
  description: 'An rbac.authorization.k8s.io/v1 RoleBinding: subjects and roleRef as top-level properties.',
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'RoleBinding',
  scope: 'namespaced',
  placement: 'top-level',
  properties: decodedProperties(rbacV1.RoleBinding),
});

export const clusterrole = defineKind({
  type: 'clusterrole',
  description: 'An rbac.authorization.k8s.io/v1 ClusterRole: rules and aggregationRule as top-level properties.',
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRole',
  scope: 'cluster',
  placement: 'top-level',
  properties: decodedProperties(rbacV1.ClusterRole),
});

export const clusterrolebinding = defineKind({
  type: 'clusterrolebinding',
  description: 'An rbac.authorization.k8s.io/v1 ClusterRoleBinding: subjects and roleRef as top-level properties.',
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRoleBinding',
  scope: 'cluster',
  placement: 'top-level',
  properties: decodedProperties(rbacV1.ClusterRoleBinding),
});

export const apiservice = defineKind({
  type: 'apiservice',
  description: 'An apiregistration.k8s.io/v1 APIService: its properties are the APIServiceSpec. Name the component (or objectName) <version>.<group>.',
  apiVersion: 'apiregistration.k8s.io/v1',
  kind: 'APIService',
  scope: 'cluster',
  properties: decodedProperties(apiregistrationV1.APIServiceSpec),
});

export const mutatingwebhookconfiguration = defineKind({
  type: 'mutatingwebhookconfiguration',
  description: 'An admissionregistration.k8s.io/v1 MutatingWebhookConfiguration: webhooks as a top-level property.',
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'MutatingWebhookConfiguration',
  scope: 'cluster',
  placement: 'top-level',
  properties: decodedProperties(admissionregistrationV1.MutatingWebhookConfiguration),
});

export const validatingwebhookconfiguration = defineKind({
  type: 'validatingwebhookconfiguration',
  description: 'An admissionregistration.k8s.io/v1 ValidatingWebhookConfiguration: webhooks as a top-level property.',
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingWebhookConfiguration',
  scope: 'cluster',
  placement: 'top-level',
  properties: decodedProperties(admissionregistrationV1.ValidatingWebhookConfiguration),
});
