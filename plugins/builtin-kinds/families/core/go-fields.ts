import type { PropertySchema } from 'kurel/plugin-api';
import type { GoFields } from '../../shared/go-json.js';
import { once } from '../../shared/lazy.js';
import { admissionregistrationV1, apiregistrationV1, appsV1, coreV1, networkingV1, schedulingV1 } from '../../schemas/kubernetes-models/index.js';

// The members of the upstream Go types whose printing the .d.ts models cannot tell: scalars that
// are neither pointers nor without omitempty (a zero disappears), and lists printed even when empty.

const member = (schema: PropertySchema, ...keys: string[]): PropertySchema[] => keys.map((key) => schema.properties![key]);

export const coreGoFields = once(
  (): GoFields => ({
    omitZero: new Set([
      ...member(coreV1.Probe(), 'initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'),
      ...member(coreV1.Container(), 'stdin', 'stdinOnce', 'tty'),
      ...member(coreV1.ContainerPort(), 'hostPort'),
      ...member(coreV1.VolumeMount(), 'readOnly'),
      ...member(coreV1.PodSpec(), 'hostNetwork', 'hostPID', 'hostIPC'),
      ...member(coreV1.PersistentVolumeClaimVolumeSource(), 'readOnly'),
      ...[coreV1.NFSVolumeSource, coreV1.CSIPersistentVolumeSource, coreV1.FCVolumeSource, coreV1.CephFSVolumeSource, coreV1.CephFSPersistentVolumeSource]
        .flatMap((source) => member(source(), 'readOnly')),
      ...[coreV1.RBDVolumeSource, coreV1.RBDPersistentVolumeSource, coreV1.ISCSIVolumeSource, coreV1.ISCSIPersistentVolumeSource].flatMap((source) => member(source(), 'readOnly')),
      ...[coreV1.AWSElasticBlockStoreVolumeSource, coreV1.GCEPersistentDiskVolumeSource].flatMap((source) => member(source(), 'readOnly', 'partition')),
      ...member(coreV1.ReplicationControllerSpec(), 'minReadySeconds'),
      ...member(appsV1.ReplicaSetSpec(), 'minReadySeconds'),
      ...member(networkingV1.ServiceBackendPort(), 'number'),
      ...member(schedulingV1.PriorityClass(), 'globalDefault'),
      ...member(apiregistrationV1.APIServiceSpec(), 'insecureSkipTLSVerify'),
    ]),
    keepEmpty: new Set([
      ...member(admissionregistrationV1.MutatingWebhook(), 'admissionReviewVersions'),
      ...member(admissionregistrationV1.ValidatingWebhook(), 'admissionReviewVersions'),
    ]),
  }),
);
