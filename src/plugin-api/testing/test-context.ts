import type { CapabilityBinding, HandlerContext, LoweringContext } from '../context.js';
import { UNDECLARED_CLUSTER, type ClusterApis } from '../cluster-apis.js';
import { HandlerError, type PropertyPath } from '../errors.js';
import { componentLabelValue, shortenName } from '../names.js';
import { chooseName, declaredNameRoles, nameRoleLookup, sharedNameUnhooked } from '../name-roles.js';
import { NOOP_POLICY, PolicyRefusal, type Policy } from '../policy.js';
import { writeAtPath } from '../render-reserved.js';
import { declaredLayouts, layoutKey } from '../object-layout.js';
import type { KurelPlugin } from '../plugin.js';

export interface TestContextOptions {
  namespace?: string;
  domain?: string;
  clusterId?: string;
  /** Capability renderings by key, as a ClusterProfile would bind them. */
  capabilities?: Record<string, Record<string, unknown>>;
  /** Bodies a handler reads with `ctx.fetched(url)`, by URL. */
  fetched?: Record<string, string>;
  /** The text a handler reads with `ctx.renderedChart()`: what the host would have rendered. */
  renderedChart?: string;
  /** The environment policy handlers read; `NOOP_POLICY` (every security flag denied) when absent. */
  policy?: Policy;
  /** The trait types a lowering context says apply to every member; none when absent. */
  everyMemberTraits?: string[];
  /** The trait types a lowering context says route traffic to the component's Service; none when absent. */
  serviceTraits?: string[];
  /** What the cluster serves; nothing declared and no kind pinned when absent. */
  cluster?: ClusterApis;
  /** The plugins whose declarations the context answers from, as a registry would (`objectLayout`, name roles); none when absent. */
  plugins?: KurelPlugin[];
}

/** A handler context for tests: warnings are collected, refusals throw a HandlerError. */
export function createTestContext(options: TestContextOptions = {}): HandlerContext & { warnings: string[] } {
  const domain = options.domain ?? 'launcher.gokure.dev';
  const warnings: string[] = [];
  const layouts = declaredLayouts(options.plugins ?? []);
  const roles = nameRoleLookup(declaredNameRoles(options.plugins ?? []));
  return {
    namespace: options.namespace ?? 'default',
    domain,
    componentLabelKey: `${domain}/component`,
    clusterId: options.clusterId ?? 'local',
    warnings,
    warn: (message: string) => void warnings.push(message),
    fail: (message: string, path: PropertyPath = []): never => {
      throw new HandlerError(message, path);
    },
    policy: options.policy ?? NOOP_POLICY,
    violate: (refusalClass: string, message: string, path: PropertyPath = []): never => {
      throw new PolicyRefusal(refusalClass, message, path);
    },
    capability: (key: string): CapabilityBinding | undefined => {
      const rendering = options.capabilities?.[key];
      return rendering ? { key, rendering } : undefined;
    },
    cluster: options.cluster ?? UNDECLARED_CLUSTER,
    fetched: (url: string) => options.fetched?.[url],
    renderedChart: () => options.renderedChart,
    labelValue: componentLabelValue,
    // Outside a build: the authored name checked, or the default; no hook, no claim.
    resolveName: (spec) => chooseName(spec, roles).name,
    claimObjectName: () => undefined,
    objectLayout: (apiVersion, kind) => layouts.get(layoutKey(apiVersion, kind)),
  };
}

/**
 * A lowering context for tests: the handler context plus a namer with the engine's claim rules
 * (any repeat claim refused; emit-or-adopt by identity), without its exact texts.
 */
export function createLoweringTestContext(options: TestContextOptions = {}): LoweringContext & { warnings: string[] } {
  const claims = new Map<string, string | undefined>();
  const claim = (name: string): string => {
    if (claims.has(name)) throw new HandlerError(`generated name "${name}" is claimed twice`);
    claims.set(name, undefined);
    return name;
  };
  const adopt = (name: string, identity: string) => {
    if (!claims.has(name)) {
      claims.set(name, identity);
      return { name, adopted: false };
    }
    if (claims.get(name) !== identity) throw new HandlerError(`generated name "${name}" is claimed with another identity`);
    return { name, adopted: true };
  };
  const namer = {
    name: (base: string, suffix: string) => claim(shortenName(`${base}-${suffix}`, 253)),
    reserve: claim,
    emitOrAdopt: adopt,
    nameOrAdopt: (base: string, suffix: string, identity: string) => adopt(shortenName(`${base}-${suffix}`, 253), identity),
  };
  const roles = nameRoleLookup(declaredNameRoles(options.plugins ?? []));
  return {
    ...createTestContext(options),
    namer,
    appliesToEveryMember: (traitType) => (options.everyMemberTraits ?? []).includes(traitType),
    routesToService: (traitType) => (options.serviceTraits ?? []).includes(traitType),
    resolveSharedName: (base, suffix, identity, spec) => sharedNameUnhooked(namer, base, suffix, identity, spec, roles),
    renderReserved: (element, path, value) => writeAtPath(element.properties, path, value),
    // Outside a build: an authored name checked and set; no hook, no claim.
    resolveMemberName: (member, spec) => {
      const name = chooseName({ ...spec, kind: '', default: member.name }, roles).name;
      if (name !== member.name) member.objectName = name;
      return name;
    },
  };
}
