import { CLAIM_HINTS } from 'kurel/plugin-kit';

/**
 * Why a workload component does not take a field of the Kubernetes type it projects under the
 * field's own name: each reason is added to the refusal of the key, so an author who writes the
 * upstream spelling learns where it went (or why it has nowhere to go) instead of only that it is
 * not allowed.
 */

/** The main container is the component's own top-level keys; these are read elsewhere, or not at all. */
const mainContainer: Record<string, string> = {
  restartPolicyRules: "not authorable — upstream accepts a container's restart rules only together with the container's own restartPolicy, which this component does not read",
  name: 'not authorable — the main container is named after the component',
  livenessProbe: 'authored as probes.liveness',
  readinessProbe: 'authored as probes.readiness',
  startupProbe: 'authored as probes.startup',
  volumeMounts: "authored on the volume — a volumes entry's mountPath mounts it into the main container",
  volumeDevices: "authored on the volume — a volumes entry's devicePath attaches a volumeMode: Block claim to the main container",
};

/** PodSpec fields no pod template may set. */
const podSpec: Record<string, string> = {
  ephemeralContainers: 'not supported — ephemeral containers cannot be declared on a pod template; they are added to a running pod through its ephemeralcontainers subresource',
  priority: 'not authorable — the Priority admission controller (enabled by default) rejects pods that set it and derives it from priorityClassName instead; set priorityClassName',
  overhead: 'not authorable — the RuntimeClass admission controller (enabled by default) rejects pods that set it and derives it from the RuntimeClass; set runtimeClassName',
  serviceAccount: 'deprecated alias of serviceAccountName; use serviceAccountName',
};

/** The pod template of an apps/v1 workload leaves nothing to choose here. */
const appsPodTemplate: Record<string, string> = {
  restartPolicy: "not authorable — apps/v1 validation accepts only Always as the restart policy of a Deployment's, a StatefulSet's or a DaemonSet's pod template, which is the API's default; a container's own restartPolicy is not read",
};

const deploymentSpec: Record<string, string> = {
  selector: 'not authorable; the Deployment selector is builder-managed (app: <component>), must equal the generated template labels and is immutable once created',
  template: "not authorable as a whole; the pod template is projected from the component's own container and pod-level properties",
};

const jobSpec: Record<string, string> = {
  scheduling: 'not read by this component — alpha upstream, behind the WorkloadWithJob feature gate',
};

/** deployment, webservice and worker: a Deployment's. */
export const deploymentHints = { ...deploymentSpec, ...appsPodTemplate, ...podSpec, ...mainContainer };
/** The selector of an apps/v1 controller other than a Deployment's, which launcher writes. */
const managedSelector = (kind: string) => ({
  selector: `not authorable; the ${kind} selector is builder-managed (app: <component>), must equal the generated template labels and is immutable once created`,
});

export const statefulsetHints = { ...managedSelector('StatefulSet'), ...appsPodTemplate, ...podSpec, ...mainContainer };
export const daemonsetHints = { ...managedSelector('DaemonSet'), ...appsPodTemplate, ...podSpec, ...mainContainer };
/** job and cronjob: a Job's. */
export const jobHints = { ...jobSpec, ...podSpec, ...mainContainer };

/** A container's `resources`, wherever the container is. */
export const resourcesHints = {
  hintsAt: 'resources',
  hints: {
    claims: "not read by this component — an entry names one of the pod's resourceClaims, and a container's resources are read without them; upstream puts the field behind the DynamicResourceAllocation feature gate",
  },
};

const shorthand =
  'on this component type affinity is a shorthand of four keys (enablePodAntiAffinity, topologyKey, podAntiAffinityType, nodeSelector), not a Kubernetes Affinity; an affinity in the Kubernetes shape is authored on a deployment, statefulset, daemonset, job or cronjob component';

/** The four-key `affinity` shorthand of webservice and worker: what it has for each field of a Kubernetes Affinity. */
export const affinityShorthandHints = {
  hintsAt: 'affinity',
  hints: {
    nodeAffinity: `not read — the shorthand's nodeSelector is a required node affinity on the labels it lists; ${shorthand}`,
    podAffinity: `not read — the shorthand has no pod affinity; ${shorthand}`,
    podAntiAffinity: `not read — enablePodAntiAffinity, topologyKey and podAntiAffinityType are the shorthand's anti-affinity to the component's own pods; ${shorthand}`,
  },
};

/** A claim template's fields a StatefulSet's `volumeClaimTemplates` entry does not take. */
export const claimTemplateHints = {
  hints: {
    volumeName: 'not authorable — pre-binding a claim template to a named PersistentVolume would point every replica at the same volume; omit it and let the provisioner bind each ordinal',
    ...CLAIM_HINTS,
    volumeMount: 'not authorable — not a claim-spec field; use mountPath',
  },
};
