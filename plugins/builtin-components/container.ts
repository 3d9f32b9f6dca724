import { type HandlerContext, type PropertiesOf } from 'kurel/plugin-api';
import { copyData, checkImageRef, schemaBuilders } from 'kurel/plugin-kit';
import { copyPresent } from './metadata.js';
import type { ContainerPort } from './ports.js';
import { containerResources, resourcesSchema } from './resources.js';
import type { VolumeMount } from './volumes.js';
import { resourcesHints } from './refused-fields.js';

/** An env entry as the schema admits it; `valueFrom` holds one source. */
interface EnvVar {
  name: string;
  valueFrom?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An init container or sidecar as the schema admits it: a Kubernetes Container, written as authored. */
export interface AuthoredContainer {
  name: string;
  image: string;
  [key: string]: unknown;
}

/** The main container's properties as `containerSchema` admits them (validated by the engine before a handler runs). */
export type ContainerProperties = PropertiesOf<typeof containerSchema>;

/** A container as written to a pod spec. */
export interface Container {
  name: string;
  image?: string;
  ports?: ContainerPort[];
  volumeMounts?: VolumeMount[];
  [key: string]: unknown;
}

const { bool, int, list, object, oneOf, openObject, str, stringList } = schemaBuilders;

function keySelector(description: string) {
  return object(description, {
    name: str('Name of the referenced object.', { required: true }),
    key: str("Key within the referenced object's data.", { required: true }),
    optional: bool('Whether the object or key may be absent.'),
  });
}

const ENV_SOURCES = ['secretKeyRef', 'configMapKeyRef', 'fieldRef', 'resourceFieldRef', 'fileKeyRef'];

export const envSchema = list(
  'Environment variables of the container.',
  object(
    'One environment variable: a literal value or a valueFrom source.',
    {
      name: str('Variable name.', { required: true }),
      value: str('Literal value.'),
      valueFrom: object(
        'Where the value comes from; exactly one source.',
        {
          secretKeyRef: keySelector("A key of a Secret in the component's namespace."),
          configMapKeyRef: keySelector("A key of a ConfigMap in the component's namespace."),
          fieldRef: object('A field of the pod (metadata.name, status.podIP, …).', {
            fieldPath: str('Path of the field.', { required: true }),
            apiVersion: str('Schema version the fieldPath is written in; defaults to "v1".'),
          }),
          resourceFieldRef: object('A resource request or limit of a container (limits.cpu, …).', {
            resource: str('Resource to select.', { required: true }),
            containerName: str('Container to read it from; defaults to this one.'),
            divisor: { types: ['string', 'number'], description: 'Output unit ("1m", "1Mi"); defaults to "1".' },
          }),
          fileKeyRef: object('A key of an env file in a volume (needs the EnvFiles feature gate).', {
            volumeName: str('Volume holding the file.', { required: true }),
            path: str('Path of the file within the volume.', { required: true }),
            key: str('Key within the file.', { required: true }),
            optional: bool('Whether the file or key may be absent.'),
          }),
        },
        { exclusive: [ENV_SOURCES] },
      ),
    },
    { exclusive: [['value', 'valueFrom']] },
  ),
);

export const envFromSchema = list(
  "Import every key of a ConfigMap or Secret as environment variables.",
  object(
    'One source: configMapRef or secretRef.',
    {
      prefix: str("Text prepended to each imported variable's name."),
      configMapRef: object('Import this ConfigMap.', { name: str('ConfigMap name.', { required: true }), optional: bool('Whether it may be absent.') }),
      secretRef: object('Import this Secret.', { name: str('Secret name.', { required: true }), optional: bool('Whether it may be absent.') }),
    },
    { exclusive: [['configMapRef', 'secretRef']] },
  ),
);

function securityProfile(description: string) {
  return object(description, {
    type: oneOf(['Localhost', 'RuntimeDefault', 'Unconfined'], 'Which kind of profile applies.', { required: true }),
    localhostProfile: str('Profile on the node; only with type Localhost.'),
  });
}

export const seLinuxOptionsSchema = object('SELinux context.', {
  user: str('SELinux user label.'),
  role: str('SELinux role label.'),
  type: str('SELinux type label.'),
  level: str('SELinux level label.'),
});

export const seccompProfileSchema = securityProfile('Seccomp profile.');
export const appArmorProfileSchema = securityProfile('AppArmor profile.');

export const securityContextSchema = object('Container-level security context.', {
  runAsUser: int('UID the container process runs as.'),
  runAsGroup: int('GID the container process runs as.'),
  runAsNonRoot: bool('Whether the container must run as a non-root user.'),
  readOnlyRootFilesystem: bool("Whether the container's root filesystem is read-only."),
  allowPrivilegeEscalation: bool('Whether a process may gain more privileges than its parent.'),
  privileged: bool('Run the container privileged.'),
  capabilities: object('Linux capabilities to add or drop.', {
    add: stringList('Capabilities to add ("NET_BIND_SERVICE").', 'A capability name.'),
    drop: stringList('Capabilities to drop ("ALL").', 'A capability name.'),
  }),
  seccompProfile: seccompProfileSchema,
  seLinuxOptions: seLinuxOptionsSchema,
  appArmorProfile: appArmorProfileSchema,
  procMount: oneOf(['Default', 'Unmasked'], 'Procfs mount behaviour.'),
});

/** Fields every container accepts as written; nothing is defaulted (no default pull policy). */
const containerFields = {
  imagePullPolicy: oneOf(['Always', 'IfNotPresent', 'Never'], 'When the kubelet pulls the image; unset, the API server decides from the reference.'),
  terminationMessagePath: str('Path the termination message is read from.'),
  terminationMessagePolicy: oneOf(['File', 'FallbackToLogsOnError'], 'Where the termination message comes from.'),
  stdin: bool('Keep a stdin buffer allocated.'),
  stdinOnce: bool('Close stdin after the first attach session.'),
  tty: bool('Allocate a TTY.'),
  resizePolicy: list(
    'How the container reacts to an in-place resize.',
    object('The resize policy of one resource.', {
      resourceName: oneOf(['cpu', 'memory'], 'The resource.', { required: true }),
      restartPolicy: oneOf(['NotRequired', 'RestartContainer'], 'Whether a resize restarts the container.', { required: true }),
    }),
  ),
};

function extraContainers(description: string) {
  return list(description, {
    type: 'object',
    additionalProperties: true,
    description: 'One container. name and image are checked; its other Container fields are passed through as written.',
    properties: {
      name: str('Container name; unique in the pod.', { required: true }),
      image: str('Image reference, pinned by a tag or digest.', { required: true }),
      securityContext: securityContextSchema,
    },
  });
}

/** The main container's surface, as top-level properties of a pod-running kind. */
export const containerSchema = {
  image: str('Image of the main container, pinned by a version tag or a digest.', { required: true }),
  env: envSchema,
  envFrom: envFromSchema,
  resources: { ...resourcesSchema('Resources of the main container; requests default to 100m CPU and 128Mi memory, the memory limit to the memory request.'), ...resourcesHints },
  command: stringList('Entrypoint of the main container.'),
  args: stringList('Arguments to the entrypoint.'),
  probes: object('Health probes of the main container.', {
    readiness: openObject('Readiness probe (a Kubernetes Probe).'),
    liveness: openObject('Liveness probe (a Kubernetes Probe).'),
    startup: openObject('Startup probe (a Kubernetes Probe).'),
  }),
  lifecycle: object('Hooks around container start and stop.', {
    postStart: openObject('Run right after the container is created (exec, httpGet or sleep).'),
    preStop: openObject('Run right before the container is terminated (exec, httpGet or sleep).'),
  }),
  securityContext: securityContextSchema,
  workingDir: str('Working directory of the main container.'),
  ...containerFields,
  initContainers: extraContainers('Containers run to completion before the main container starts.'),
  sidecars: extraContainers('Further containers running beside the main container.'),
};

const PASSED_THROUGH = ['command', 'args', 'env', 'envFrom', 'lifecycle', 'securityContext', 'workingDir', ...Object.keys(containerFields)];

/** Builds the main container, named after the component, from the kind's properties. */
export function buildMainContainer(name: string, props: ContainerProperties, ctx: HandlerContext, extra: { ports?: ContainerPort[]; volumeMounts?: VolumeMount[] } = {}): Container {
  checkImageRef(props.image, ctx, ['image']);
  checkEnvSources(props.env, ctx);
  const container: Container = { name, image: props.image };
  copyPresent(container, props, PASSED_THROUGH);
  if (extra.ports?.length) container.ports = extra.ports;
  container.resources = containerResources(props.resources, ctx.policy);
  if (props.probes?.readiness) container.readinessProbe = copyData(props.probes.readiness);
  if (props.probes?.liveness) container.livenessProbe = copyData(props.probes.liveness);
  if (props.probes?.startup) container.startupProbe = copyData(props.probes.startup);
  if (extra.volumeMounts?.length) container.volumeMounts = extra.volumeMounts;
  return container;
}

/** Init containers or sidecars as written, each held to the image rule; names are unique in the pod. */
export function buildExtraContainers(key: 'initContainers' | 'sidecars', entries: AuthoredContainer[] | undefined, taken: Set<string>, ctx: HandlerContext): AuthoredContainer[] {
  return (entries ?? []).map((entry, index) => {
    checkImageRef(entry.image, ctx, [key, index, 'image']);
    if (taken.has(entry.name)) {
      ctx.fail(`${key}[${index}].name: container name "${entry.name}" is already used in the pod`, [key, index, 'name']);
    }
    taken.add(entry.name);
    return copyData(entry);
  });
}

// The schema refuses two sources on one valueFrom; an empty one is refused here.
function checkEnvSources(env: EnvVar[] | undefined, ctx: HandlerContext): void {
  env?.forEach((entry, index) => {
    const { valueFrom } = entry;
    if (valueFrom && !ENV_SOURCES.some((source) => valueFrom[source] !== undefined)) {
      ctx.fail(`env[${index}].valueFrom: exactly one of ${ENV_SOURCES.join(', ')} must be set`, ['env', index, 'valueFrom']);
    }
  });
}
