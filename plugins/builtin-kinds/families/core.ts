// The core family: Kubernetes built-in kinds. Schemas: generated from the .d.ts models of
// kubernetes-models@5.1.0, Kubernetes v1.36.0 (plugins/builtin-kinds/schemas/kubernetes-models:
// request.json and provenance.json there).
import type { ComponentHandler } from 'kurel/plugin-api';
import { apiservice, clusterrole, clusterrolebinding, mutatingwebhookconfiguration, role, rolebinding, validatingwebhookconfiguration } from './core/access.js';
import { limitrange, namespace, priorityclass, resourcequota, runtimeclass } from './core/cluster-config.js';
import { endpointslice, horizontalpodautoscaler, ingress, ingressclass, networkpolicy, poddisruptionbudget, servicecidr } from './core/networking.js';
import { csidriver, persistentvolume, persistentvolumeclaim, storageclass, volumeattributesclass } from './core/storage.js';
import { pod, podtemplate, replicaset, replicationcontroller } from './core/workloads.js';

export const kinds: ComponentHandler<any>[] = [
  pod,
  replicaset,
  replicationcontroller,
  podtemplate,
  persistentvolumeclaim,
  persistentvolume,
  namespace,
  limitrange,
  resourcequota,
  storageclass,
  volumeattributesclass,
  priorityclass,
  runtimeclass,
  ingressclass,
  csidriver,
  servicecidr,
  endpointslice,
  poddisruptionbudget,
  horizontalpodautoscaler,
  ingress,
  networkpolicy,
  apiservice,
  mutatingwebhookconfiguration,
  validatingwebhookconfiguration,
  role,
  rolebinding,
  clusterrole,
  clusterrolebinding,
];
