import { HandlerError, type PropertyPath } from '../errors.js';
import type { NameRole, NameRoleInfo, NameRoleLookup, NameSpec, NameChoice } from '../name-roles.js';
import { shortenName } from './names.js';

const role = (info: NameRoleInfo): NameRoleInfo => Object.freeze(info);

/** The roles the engine itself resolves names under, first in every listing of roles. */
export const ENGINE_NAME_ROLES: readonly NameRoleInfo[] = Object.freeze([
  role({ role: 'bundle', names: "the application's bundle", default: "the Application's metadata.name", syntax: 'subdomain' }),
  role({ role: 'group', names: 'the bundle of one ordered group', default: '<application>-<tier> or <application>-<NN>, shortened to 253', syntax: 'subdomain' }),
  role({ role: 'sub-application', names: "a trait's sub-application, or a synthesized NetworkPolicy's application", default: "the trait's default, such as <component>-scaler", syntax: 'subdomain' }),
  role({ role: 'netpol-synth', names: 'a synthesized NetworkPolicy', default: '<component>-allow-ingress-traffic and its kin', syntax: 'subdomain' }),
  role({ role: 'object', names: 'the one object of a kind component', default: 'the component name', property: 'objectName', syntax: 'subdomain' }),
  role({ role: 'generated', names: "the object of a plugin's rule or trait that no other role names", default: "the rule's or trait's own", syntax: 'subdomain' }),
]);

/** A lookup over these roles. */
export function nameRoleLookup(roles: readonly NameRoleInfo[]): NameRoleLookup {
  const byName = new Map(roles.map((info) => [info.role, info]));
  return (name) => byName.get(name);
}

/** What a role names, its default and its rule; refused when no plugin declares it. */
export function nameRoleInfo(name: NameRole, roles: NameRoleLookup): NameRoleInfo {
  const info = roles(name);
  if (!info) throw new HandlerError(`name role "${name}" is declared by no registered plugin: the handler or rule that resolves names under it declares it in its nameRoles`);
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

/** Why `name` cannot be a name of the role, or undefined when it can. */
export function nameRoleProblem(info: NameRoleInfo, name: string): string | undefined {
  if (name === '') return 'it is empty';
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

/**
 * Resolves `spec` in the roles' order: the authored name, else `ask`'s answer (the Naming hook,
 * inside a build), else the default. An authored or hook name that cannot be a name of the role is
 * refused, never shortened; the hook is never asked about an authored name.
 */
export function chooseName(spec: NameSpec, roles: NameRoleLookup, ask?: (spec: NameSpec) => string | false | undefined): NameChoice {
  const info = nameRoleInfo(spec.role, roles);
  if (spec.authored !== undefined) {
    const problem = nameRoleProblem(info, spec.authored);
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
    const problem = nameRoleProblem(info, answer);
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
  roles: NameRoleLookup,
): { name: string; adopted: boolean } {
  return namer.emitOrAdopt(chooseName({ ...spec, default: shortenName(`${base}-${suffix}`, 253) }, roles).name, identity);
}
