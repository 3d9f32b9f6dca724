import { HandlerError, type PropertyPath } from './errors.js';
import { shortenName } from './names.js';

/**
 * The closed set of names the engine resolves in one order: the author's property when written,
 * else the Naming hook's answer, else the default. Each role says what it names and which rule a
 * name that is not the default must pass; the order is fixed, and a consumer may rely on it.
 */

/** How a name that is not the default is checked. */
export type NameSyntax = 'subdomain' | 'label1035' | 'kustomization';

export interface NameRoleInfo {
  role: string;
  /** What the role names. */
  names: string;
  /** How the default is built. */
  default: string;
  /** The property an author writes the name in, when the role has one. */
  property?: string;
  syntax: NameSyntax;
  /** A limit narrower than the syntax's own, held to the default as well. */
  maxLength?: number;
}

const role = (info: NameRoleInfo): NameRoleInfo => Object.freeze(info);

const ROLES = Object.freeze([
  role({ role: 'bundle', names: "the application's bundle", default: "the Application's metadata.name", syntax: 'subdomain' }),
  role({ role: 'group', names: 'the bundle of one ordered group', default: '<application>-<tier> or <application>-<NN>, shortened to 253', syntax: 'subdomain' }),
  role({ role: 'sub-application', names: "a trait's sub-application, or a synthesized NetworkPolicy's application", default: "the trait's default, such as <component>-scaler", syntax: 'subdomain' }),
  role({ role: 'netpol-synth', names: 'a synthesized NetworkPolicy', default: '<component>-allow-ingress-traffic and its kin', syntax: 'subdomain' }),
  role({ role: 'hpa', names: "the scaler trait's HorizontalPodAutoscaler", default: '<component>-hpa', property: 'hpaName', syntax: 'subdomain' }),
  role({ role: 'pdb', names: "the scaler trait's PodDisruptionBudget", default: '<component>-pdb', property: 'pdbName', syntax: 'subdomain' }),
  role({ role: 'tls-secret', names: 'the TLS Secret of an expose trait with platform-managed certificates', default: '<component>-tls', property: 'secretName', syntax: 'subdomain' }),
  role({ role: 'external-secret', names: 'the Secret an ExternalSecret produces', default: "the trait's secretName", property: 'targetSecretName', syntax: 'subdomain' }),
  role({ role: 'rbac', names: "each object of the rbac trait", default: 'the component name', property: 'name', syntax: 'subdomain' }),
  role({ role: 'networkpolicy', names: "the networkpolicy trait's NetworkPolicy", default: '<component>-allow', property: 'name', syntax: 'subdomain' }),
  role({ role: 'ingress', names: "the ingress trait's Ingress", default: '<component>-ingress[-<scope>]', property: 'name', syntax: 'subdomain' }),
  role({ role: 'httproute', names: "the httproute trait's HTTPRoute", default: '<component>-httproute[-<scope>]', property: 'name', syntax: 'subdomain' }),
  role({ role: 'volsync-replicationsource', names: "the volsync trait's ReplicationSource", default: '<sourcePVC>-backup', syntax: 'subdomain' }),
  role({ role: 'pooler', names: "a postgresql component's Pooler", default: '<component>-pooler', property: 'poolerName', syntax: 'label1035' }),
  role({ role: 'database', names: "each Database of a postgresql component", default: '<component>-<database>', property: 'databases[].objectName', syntax: 'subdomain' }),
  role({ role: 'object', names: 'the one object of a kind component', default: 'the component name', property: 'objectName', syntax: 'subdomain' }),
  role({ role: 'helm-source', names: 'a generated Flux source', default: '<document>-source-<digest>', property: 'source.name', syntax: 'subdomain' }),
  role({ role: 'values-configmap', names: "a helm component's values ConfigMap", default: '<component>-values-<hash>', property: 'valuesConfigMapName', syntax: 'subdomain' }),
  role({ role: 'values-secret', names: "a helm component's values Secret", default: '<component>-secret-values-<hash>', property: 'valuesSecretName', syntax: 'subdomain' }),
  role({ role: 'helm-release', names: "a helm component's HelmRelease", default: 'the component name', property: 'helmReleaseName', syntax: 'subdomain' }),
  role({ role: 'oci-kustomization', names: "an oci component's Kustomization", default: 'the component name', property: 'kustomizationName', syntax: 'subdomain' }),
  role({ role: 'oci-source', names: 'an OCIRepository an oci component keeps to itself', default: 'the component name', property: 'source.objectName', syntax: 'subdomain' }),
  role({ role: 'workload-deployment', names: 'the Deployment of a webservice or worker component', default: 'the component name', property: 'deploymentObjectName', syntax: 'subdomain' }),
  role({ role: 'workload-service', names: 'the Service of a webservice component', default: 'the component name', property: 'serviceObjectName', syntax: 'label1035' }),
  role({ role: 'workload-serviceaccount', names: 'the ServiceAccount of a webservice or worker component', default: 'the component name', property: 'serviceAccountObjectName', syntax: 'subdomain' }),
  role({ role: 'workload-volume-claim', names: 'the PersistentVolumeClaim of a pvc volume of a webservice or worker component', default: '<component>-<volume>, shortened to 253 with the volume kept whole', property: 'volumes[].claimObjectName', syntax: 'subdomain' }),
  role({ role: 'postgresql-cluster', names: "a postgresql component's Cluster", default: 'the component name', property: 'clusterObjectName', syntax: 'label1035', maxLength: 50 }),
  role({ role: 'postgresql-objectstore', names: "a postgresql component's barman ObjectStore", default: 'the component name', property: 'objectStoreObjectName', syntax: 'subdomain' }),
  role({ role: 'hook-group', names: "the prefix of a helmtemplate component's hook-group layouts", default: '<application>-<component>', property: 'hookGroupNamePrefix', syntax: 'subdomain' }),
  role({ role: 'layout', names: "the Flux Kustomization of a chart's own layout", default: '<bundle>-<component>', property: 'layoutKustomizationName', syntax: 'kustomization', maxLength: 63 }),
  role({ role: 'generated', names: "the object of a plugin's rule or trait that no other role names", default: "the rule's or trait's own", syntax: 'subdomain' }),
]);

export type NameRole =
  | 'bundle'
  | 'group'
  | 'sub-application'
  | 'netpol-synth'
  | 'hpa'
  | 'pdb'
  | 'tls-secret'
  | 'external-secret'
  | 'rbac'
  | 'networkpolicy'
  | 'ingress'
  | 'httproute'
  | 'volsync-replicationsource'
  | 'pooler'
  | 'database'
  | 'object'
  | 'helm-source'
  | 'values-configmap'
  | 'values-secret'
  | 'helm-release'
  | 'oci-kustomization'
  | 'oci-source'
  | 'workload-deployment'
  | 'workload-service'
  | 'workload-serviceaccount'
  | 'workload-volume-claim'
  | 'postgresql-cluster'
  | 'postgresql-objectstore'
  | 'hook-group'
  | 'layout'
  | 'generated';

/** Every role, in the fixed order. */
export function nameRoles(): NameRole[] {
  return ROLES.map((info) => info.role as NameRole);
}

/** What a role names, its default and the rule its names are held to. */
export function nameRoleInfo(role: NameRole): NameRoleInfo {
  const info = ROLES.find((entry) => entry.role === role);
  if (!info) throw new Error(`unknown name role "${role}"`);
  return info;
}

const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const SUBDOMAIN_TEXT =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_1035_TEXT =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

/** apimachinery's IsDNS1123Subdomain messages. */
export function dns1123SubdomainErrors(name: string): string[] {
  const errors: string[] = [];
  if (name.length > 253) errors.push('must be no more than 253 characters');
  if (!SUBDOMAIN.test(name)) errors.push(SUBDOMAIN_TEXT);
  return errors;
}

/** apimachinery's IsDNS1035Label messages, with a role's narrower limit. */
export function dns1035LabelErrors(name: string, limit = 63): string[] {
  const errors: string[] = [];
  if (name.length > limit) errors.push(`must be no more than ${limit} characters`);
  if (!LABEL_1035.test(name)) errors.push(LABEL_1035_TEXT);
  return errors;
}

/** Why `name` cannot be a name of `role`, or undefined when it can. */
export function nameRoleProblem(role: NameRole, name: string): string | undefined {
  if (name === '') return 'it is empty';
  const info = nameRoleInfo(role);
  if (info.syntax === 'label1035') {
    const errors = dns1035LabelErrors(name, info.maxLength ?? 63);
    return errors.length > 0 ? `not a valid DNS-1035 label: ${errors.join('; ')}` : undefined;
  }
  const errors = dns1123SubdomainErrors(name);
  if (errors.length > 0) return `not a valid DNS-1123 subdomain: ${errors.join('; ')}`;
  if (info.syntax === 'kustomization' && name.length > (info.maxLength ?? 63)) {
    return `it is ${name.length} characters long, and a Flux Kustomization name is at most ${info.maxLength ?? 63}`;
  }
  return undefined;
}

/** What the Naming hook is asked. */
export interface NameRequest {
  /** The document's name when the name is made. */
  application: string;
  /** Empty for a name the document as a whole owns (the bundle, a group, a shared source). */
  component: string;
  role: NameRole;
  /** `Kind` or `Kind.group` of the object named; empty for a role that names no object. */
  kind: string;
  /** The name the engine would use, already shortened where it shortens it. */
  default: string;
}

/**
 * A consumer's choice of generated names: a string replaces the default, `false` (or nothing)
 * keeps it. It must be a pure function of its request: it is asked again for the same name.
 */
export type NamingHook = (request: NameRequest) => string | false | undefined;

/** One name a handler or rule resolves under a role. */
export interface NameSpec {
  role: NameRole;
  /** `Kind` or `Kind.group` of the object named. */
  kind: string;
  default: string;
  /** The author's value, when the author wrote the property. */
  authored?: string;
  /** Where the author wrote it, relative to the element's properties (`hpaName`, `databases[1].objectName`). */
  property?: string;
  /** The namespace the object lands in; the element's when unset. */
  namespace?: string;
  /** The object has no namespace. */
  clusterScoped?: boolean;
}

/** Where a resolved name came from. */
export interface NameChoice {
  name: string;
  source: 'authored' | 'hook' | 'default';
}

/**
 * Resolves `spec` in the roles' order: the authored name, else `ask`'s answer (the Naming hook,
 * inside a build), else the default. An authored or hook name that cannot be a name of the role is
 * refused, never shortened; the hook is never asked about an authored name.
 */
export function chooseName(spec: NameSpec, ask?: (spec: NameSpec) => string | false | undefined): NameChoice {
  if (spec.authored !== undefined) {
    const problem = nameRoleProblem(spec.role, spec.authored);
    if (problem) {
      const property = spec.property ?? 'name';
      throw new HandlerError(
        `${property} "${spec.authored}" cannot be the name for role "${spec.role}": ${problem}; write a valid name, or leave the property out for the default "${spec.default}"`,
        propertyPath(property),
      );
    }
    return { name: spec.authored, source: 'authored' };
  }
  const answer = ask?.(spec);
  if (typeof answer === 'string') {
    const problem = nameRoleProblem(spec.role, answer);
    if (problem) {
      throw new HandlerError(`the Naming hook returned "${answer}" for role "${spec.role}" in place of "${spec.default}": ${problem}; return a valid name, or false to keep the default`);
    }
    return { name: answer, source: answer === spec.default ? 'default' : 'hook' };
  }
  return { name: spec.default, source: 'default' };
}

/** `databases[1].objectName` → `['databases', 1, 'objectName']`. */
export function propertyPath(property: string): PropertyPath {
  return property
    .split(/\.|\[(\d+)\]/)
    .filter((part) => part !== undefined && part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** `Kind.group` as a collision text names a kind; a core kind has no group. */
export function qualifiedKind(apiVersion: string, kind: string): string {
  const slash = apiVersion.indexOf('/');
  return slash > 0 ? `${kind}.${apiVersion.slice(0, slash)}` : kind;
}

/**
 * An object a trait names itself, under no role (a required name leaves the hook nothing to be
 * asked): claimed only, so a second owner of the same kind, namespace and name is refused.
 */
export interface ObjectClaim {
  /** `Kind` or `Kind.group`. */
  kind: string;
  name: string;
  /** The property the author wrote the name in; none for a default name. */
  property?: string;
  namespace?: string;
  clusterScoped?: boolean;
  /**
   * The object is the trait's own sub-application's. A trait a lowering rule built claims no
   * name a rule of its own component already resolved: that is the rule's object.
   */
  generated?: boolean;
}

/**
 * `resolveSharedName` where no hook is asked and nothing but the namer claims (outside a build, or
 * for a document rule): the authored name checked, else `<base>-<suffix>` shortened, emitted or
 * adopted by identity.
 */
export function sharedNameUnhooked(
  namer: { emitOrAdopt(name: string, identity: string): { name: string; adopted: boolean } },
  base: string,
  suffix: string,
  identity: string,
  spec: Omit<NameSpec, 'default'>,
): { name: string; adopted: boolean } {
  return namer.emitOrAdopt(chooseName({ ...spec, default: shortenName(`${base}-${suffix}`, 253) }).name, identity);
}
