import { defineTrait, type HandlerContext, type JsonObject, type K8sObject, type PropertySchema } from 'kurel/plugin-api';
import { copyData, isDns1123Label, isDns1123Subdomain, podTemplatesOf, formatGoDuration, parseGoDuration, type PodContainer, type PodSpecFields } from 'kurel/plugin-kit';
import { externalSecretsIoV1 } from '../generated/external-secrets/index.js';
import { crdSpec } from '../shared/crd-spec.js';

/** A remote value's reference: key and property are derived where left out. */
interface RemoteRef {
  key?: string;
  property?: string;
  version?: string;
  decodingStrategy?: string;
}

/** A key of the Secret and the remote value it holds. */
interface DataEntry {
  secretKey: string;
  remoteRef?: RemoteRef;
}

interface StoreRef {
  name: string;
  kind: string;
}

interface TargetOptions {
  creationPolicy?: string;
  deletionPolicy?: string;
  template?: { type?: string; data?: Record<string, string> };
}

/** The trait's properties once checked against its schema, defaults applied. */
interface ExternalSecretProperties {
  secretName: string;
  targetSecretName?: string;
  secretStoreRef?: StoreRef;
  provider?: string;
  refreshInterval: string;
  target?: TargetOptions;
  data?: DataEntry[];
  dataFrom?: JsonObject[];
  remoteRef?: RemoteRef & { key: string };
  envFrom: boolean;
  mountPath?: string;
}

/** The ExternalSecret's spec as the trait writes it. */
interface ExternalSecretSpec {
  secretStoreRef: StoreRef;
  refreshInterval: string;
  target: TargetOptions & { name: string };
  data?: DataEntry[];
  dataFrom?: JsonObject[];
}

/** The ExternalSecret spec generated from the upstream CRD, built when the trait's schema is first read. */
const externalSecretSpec = crdSpec(externalSecretsIoV1.ExternalSecret);

const remoteRefFields = {
  version: { type: 'string', description: 'Version of the remote secret read.' },
  decodingStrategy: { type: 'string', enum: ['Auto', 'Base64', 'Base64URL', 'None'], description: 'How the value read is decoded.' },
} satisfies Record<string, PropertySchema>;

/** A data entry's remoteRef: every field may be left out and is then derived. */
const entryRemoteRef: PropertySchema = {
  type: 'object',
  description: 'The remote value; every field left out is derived.',
  properties: {
    key: { type: 'string', description: 'Key or path of the secret in the store; "<namespace>/<secretName>" when unset.' },
    property: { type: 'string', description: "Property of the remote secret read; the entry's secretKey when unset." },
    ...remoteRefFields,
  },
};

/** The top-level shorthand: one data entry keyed by secretName. */
const shorthandRemoteRef: PropertySchema = {
  type: 'object',
  description: 'Shorthand for one data entry keyed by secretName; not with data or dataFrom.',
  properties: {
    key: { type: 'string', required: true, description: 'Key or path of the secret in the store.' },
    property: { type: 'string', description: 'Property of the remote secret read; the whole secret when unset.' },
    ...remoteRefFields,
  },
};

/**
 * An External Secrets ExternalSecret for the component. The store comes from the ClusterProfile's
 * `external-secret` binding unless the trait authors secretStoreRef or the `provider` shorthand.
 * The Secret it writes can be put in the environment of, or mounted into, the first container
 * of each of the component's pod templates.
 */
export const externalSecret = defineTrait<ExternalSecretProperties>({
  type: 'external-secret',
  nameRoles: [
    { role: 'external-secret', names: 'the Secret an ExternalSecret produces', default: "the trait's secretName", property: 'targetSecretName', syntax: 'subdomain' },
  ],
  description: 'An external-secrets.io/v1 ExternalSecret writing a Secret for the component, optionally exposed to its pods.',
  example: { secretName: 'example-credentials', data: [{ secretKey: 'DB_PASSWORD', remoteRef: { key: 'prod/example/db', property: 'password' } }], envFrom: true },
  contract: { family: 'external-secret', version: 'v1alpha1' },
  capability: { exampleRendering: { secretStoreRef: { name: 'example-store', kind: 'ClusterSecretStore' } } },
  properties: {
    secretName: { type: 'string', required: true, description: 'Name of the ExternalSecret, and of the Secret it writes unless targetSecretName is set.' },
    targetSecretName: { type: 'string', description: 'Name of the Secret written; defaults to secretName.' },
    secretStoreRef: {
      type: 'object',
      description: 'The store the values are read from; defaults to the ClusterProfile\'s "external-secret" secretStoreRef.',
      properties: {
        name: { type: 'string', required: true, description: 'Name of the store.' },
        kind: { type: 'string', enum: ['SecretStore', 'ClusterSecretStore'], default: 'ClusterSecretStore', description: 'Kind of the store.' },
      },
    },
    provider: { type: 'string', description: 'Shorthand for a secretStoreRef naming a ClusterSecretStore.' },
    refreshInterval: { type: 'string', default: '1h', description: 'How often the values are read again, a Go duration ("1h"; "0" for never).' },
    target: {
      type: 'object',
      description: 'How the Secret is written.',
      properties: {
        creationPolicy: { type: 'string', enum: ['Owner', 'Orphan', 'Merge', 'None'], description: 'How the Secret is created and owned.' },
        deletionPolicy: { type: 'string', enum: ['Delete', 'Merge', 'Retain'], description: 'What happens to the Secret when the remote values are gone.' },
        template: {
          type: 'object',
          description: 'A template for the Secret written.',
          properties: {
            type: { type: 'string', description: 'The Secret type (Opaque when unset).' },
            data: { type: 'object', description: 'Templated keys of the Secret.', additionalProperties: { type: 'string', description: 'A template.' } },
          },
        },
      },
    },
    data: {
      type: 'array',
      description: 'Keys of the Secret, each read from one remote value.',
      items: {
        type: 'object',
        description: 'A key and the remote value it holds.',
        properties: {
          secretKey: { type: 'string', required: true, description: 'The key in the Secret.' },
          remoteRef: entryRemoteRef,
        },
      },
    },
    // The upstream ExternalSecretDataFromRemoteRef list, as the reference decodes it.
    get dataFrom(): PropertySchema {
      return externalSecretSpec().properties!.dataFrom;
    },
    remoteRef: shorthandRemoteRef,
    envFrom: { type: 'boolean', default: false, description: "Put every key of the Secret in the environment of the first container of each of the component's pod templates." },
    mountPath: { type: 'string', description: "Mount the Secret at this path in the first container of each of the component's pod templates." },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    const secretName = props.secretName;
    if (!isDns1123Subdomain(secretName)) ctx.fail(`secretName: "${secretName}" is not a valid ExternalSecret name (a DNS-1123 subdomain)`, ['secretName']);
    ctx.claimObjectName({ kind: 'ExternalSecret.external-secrets.io', name: secretName, property: 'secretName', generated: true });
    const targetName = ctx.resolveName({ role: 'external-secret', kind: 'Secret', default: secretName, authored: props.targetSecretName, property: 'targetSecretName' });

    const spec: ExternalSecretSpec = {
      secretStoreRef: storeRef(props, ctx),
      refreshInterval: refreshInterval(props.refreshInterval, ctx),
      target: { name: targetName, ...targetOptions(props.target) },
    };
    const data = dataEntries(props, component.namespace, ctx);
    if (data.length > 0) spec.data = data;
    if (props.dataFrom?.length) spec.dataFrom = copyData(props.dataFrom);
    if (data.length === 0 && !props.dataFrom?.length) ctx.fail("at least one of 'data', 'dataFrom' or 'remoteRef' must be specified");

    if (props.envFrom) checkEnvNames(props, data, ctx);
    if (props.envFrom) exposeToPods(component.objects, ctx, 'envFrom', (spec, container) => {
      // A container's envFrom is a list of sources, as the workload's schema decodes it.
      const envFrom = (container.envFrom ??= []) as Array<{ secretRef?: { name?: string } }>;
      if (envFrom.some((source) => source.secretRef?.name === targetName)) ctx.fail(`envFrom: the container already reads Secret "${targetName}"`, ['envFrom']);
      envFrom.push({ secretRef: { name: targetName } });
    });
    if (props.mountPath !== undefined) {
      const mountPath = props.mountPath;
      if (!mountPath.startsWith('/')) ctx.fail(`mountPath: "${mountPath}" must be an absolute path`, ['mountPath']);
      if (!isDns1123Label(targetName)) {
        ctx.fail(`mountPath: the Secret's name "${targetName}" names the volume it is mounted from, and is not a valid volume name (a DNS-1123 label)`, ['mountPath']);
      }
      exposeToPods(component.objects, ctx, 'mountPath', (spec, container, where) => {
        // Volumes and volume mounts are lists of named entries, as the workload's schema decodes them.
        const volumes = (spec.volumes ??= []) as Array<{ name?: string; [field: string]: unknown }>;
        if (volumes.some((volume) => volume.name === targetName)) ctx.fail(`mountPath: ${where} already has a volume named "${targetName}"`, ['mountPath']);
        const mounts = (container.volumeMounts ??= []) as Array<{ mountPath?: string; [field: string]: unknown }>;
        if (mounts.some((mount) => mount.mountPath === mountPath)) ctx.fail(`mountPath: ${where} already mounts a volume at "${mountPath}"`, ['mountPath']);
        volumes.push({ name: targetName, secret: { secretName: targetName } });
        mounts.push({ name: targetName, mountPath });
      });
    }

    const metadata = { name: secretName, namespace: component.namespace, labels: { app: component.labelValue } };
    // The Secret it writes is what a Flux object may read.
    return { objects: [{ apiVersion: 'external-secrets.io/v1', kind: 'ExternalSecret', metadata, spec }], fluxNamespaceInput: { kind: 'Secret', name: targetName } };
  },
});

function storeRef(props: ExternalSecretProperties, ctx: HandlerContext): StoreRef {
  if (props.provider !== undefined) {
    // The binding's secretStoreRef is merged in under the authored properties: only a
    // secretStoreRef other than the platform's is an authored one competing with provider.
    const platform = ctx.capability('external-secret')?.rendering.secretStoreRef;
    if (props.secretStoreRef && !sameStore(props.secretStoreRef, platform)) {
      ctx.fail("only one of 'secretStoreRef' and 'provider' may be set", ['provider']);
    }
    if (props.provider === '') ctx.fail('provider: must name a ClusterSecretStore', ['provider']);
    return { name: props.provider, kind: 'ClusterSecretStore' };
  }
  if (!props.secretStoreRef) {
    ctx.fail('external-secret: secretStoreRef (or provider) is required; set inline or via ClusterProfile capability', ['secretStoreRef']);
  }
  return { name: props.secretStoreRef.name, kind: props.secretStoreRef.kind };
}

function sameStore(ref: StoreRef, platform: unknown): boolean {
  if (typeof platform !== 'object' || platform === null) return false;
  const other = platform as { name?: unknown; kind?: unknown };
  return ref.name === other.name && ref.kind === (other.kind ?? 'ClusterSecretStore');
}

function refreshInterval(text: string, ctx: HandlerContext): string {
  const nanos = parseGoDuration(text);
  if (nanos === undefined || nanos < 0n) ctx.fail(`refreshInterval: "${text}" is not a duration (such as "1h"; "0" for never)`, ['refreshInterval']);
  return formatGoDuration(nanos);
}

function targetOptions(target: TargetOptions | undefined): TargetOptions {
  if (!target) return {};
  const out: TargetOptions = {};
  if (target.creationPolicy) out.creationPolicy = target.creationPolicy;
  if (target.deletionPolicy) out.deletionPolicy = target.deletionPolicy;
  if (target.template) out.template = copyData(target.template);
  return out;
}

/** The data entries, the shorthands expanded: absent remoteRef fields are derived. */
function dataEntries(props: ExternalSecretProperties, namespace: string, ctx: HandlerContext): DataEntry[] {
  if (props.remoteRef) {
    if (props.data?.length || props.dataFrom?.length) ctx.fail("external-secret: 'remoteRef' cannot be combined with 'data' or 'dataFrom'", ['remoteRef']);
    return [{ secretKey: props.secretName, remoteRef: { ...props.remoteRef } }];
  }
  const seen = new Set<string>();
  return (props.data ?? []).map((entry, index) => {
    if (entry.secretKey === '') ctx.fail(`data[${index}].secretKey: must not be empty`, ['data', index, 'secretKey']);
    if (seen.has(entry.secretKey)) ctx.fail(`data[${index}].secretKey: "${entry.secretKey}" is listed twice`, ['data', index, 'secretKey']);
    seen.add(entry.secretKey);
    const ref: RemoteRef = { ...(entry.remoteRef ?? {}) };
    ref.key ??= `${namespace}/${props.secretName}`;
    ref.property ??= entry.secretKey;
    return { secretKey: entry.secretKey, remoteRef: ref };
  });
}

const ENV_VAR_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const ENV_VAR_RULE = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit";

/** With envFrom every key of the Secret becomes a variable name; dataFrom keys are known only at runtime. */
function checkEnvNames(props: ExternalSecretProperties, data: DataEntry[], ctx: HandlerContext): void {
  if (props.remoteRef) {
    ctx.fail("envFrom cannot be combined with the top-level 'remoteRef' shorthand: its key is secretName, not an environment variable name; write data entries with their own secretKey", ['envFrom']);
  }
  data.forEach((entry, index) => {
    if (!ENV_VAR_NAME.test(entry.secretKey)) {
      ctx.fail(`data[${index}].secretKey: "${entry.secretKey}" becomes an environment variable name with envFrom: ${ENV_VAR_RULE}`, ['data', index, 'secretKey']);
    }
  });
  for (const key of Object.keys(props.target?.template?.data ?? {})) {
    if (!ENV_VAR_NAME.test(key)) {
      ctx.fail(`target.template.data: "${key}" becomes an environment variable name with envFrom: ${ENV_VAR_RULE}`, ['target', 'template', 'data', key]);
    }
  }
}

type Expose = (podSpec: PodSpecFields, container: PodContainer, where: string) => void;

function exposeToPods(objects: K8sObject[], ctx: HandlerContext, key: string, expose: Expose): void {
  const templates = podTemplatesOf(objects, ctx);
  if (templates.length === 0) {
    ctx.fail(`${key}: the component runs no pods to give the Secret to (no Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob or Pod)`, [key]);
  }
  for (const { owner, spec } of templates) {
    const container = spec.containers?.[0];
    if (container) expose(spec, container, `${owner.kind} "${owner.metadata.name}"`);
  }
}
