import type { HandlerContext } from '../../context.js';
import type { PropertyPath } from '../../errors.js';
import { RefusalClass } from '../../policy.js';
import { enforceMaxQuantity } from './limits.js';
import { isPlainObject } from '../validate.js';
import { fieldOf, type WrittenMap } from '../written-fields.js';

// What the environment policy says of a pod: host namespaces, host paths, privileged and
// HostProcess containers, Linux capabilities, image registries and the cpu/memory maxima. The
// security flags are default-deny: with no policy configured, each of these is refused.

/** A container as the author wrote it: the text names it by `label` (`initContainers[0] "init": `), the path points at it. */
export interface PolicedContainer {
  container: WrittenMap;
  label: string;
  path: PropertyPath;
  /**
   * The resources as authored and policy-defaulted, before the handler's own defaults: a value
   * only the handler's default produced is named `(generated default)`.
   */
  authoredResources?: WrittenMap;
  /** Where its resources are, when not at `path` + `resources` (a mover's `moverResources`). */
  resourcesPath?: PropertyPath;
}

/** Where the pod's own fields are, as the author wrote them. */
export interface PodPaths {
  /** Prefix of the pod-level refusal texts (`template.spec: `); empty for a flat surface. */
  label: string;
  /** How the text names the pod's securityContext: `podSecurityContext` on a flat surface, else `securityContext`. */
  podSecurityContextName?: string;
  /** The property paths of hostNetwork, the volumes and the pod security context. */
  field(name: 'hostNetwork' | 'hostPID' | 'hostIPC' | 'securityContext'): PropertyPath;
  /** The property path of a volume, by its name as written (a string where the schema held it to one). */
  volume(name: unknown): PropertyPath;
}

const HOST_NAMESPACES = [
  ['hostNetwork', 'allowHostNetwork'],
  ['hostPID', 'allowHostPID'],
  ['hostIPC', 'allowHostIPC'],
] as const;

/** Holds a pod spec and its containers to the policy; the first refusal wins. */
export function enforcePodPolicy(spec: WrittenMap, containers: PolicedContainer[], paths: PodPaths, ctx: HandlerContext): void {
  const { policy } = ctx;
  for (const [field, allowed] of HOST_NAMESPACES) {
    if (spec[field] === true && !policy[allowed]()) ctx.violate(RefusalClass.hostNamespace, `${paths.label}${field} is not allowed by environment policy`, paths.field(field));
  }
  if (fieldOf(fieldOf(spec.securityContext, 'windowsOptions'), 'hostProcess') === true && !policy.allowPrivileged()) {
    ctx.violate(RefusalClass.privileged, `${paths.label}${paths.podSecurityContextName ?? 'podSecurityContext'}.windowsOptions.hostProcess is not allowed by environment policy`, [...paths.field('securityContext'), 'windowsOptions', 'hostProcess']);
  }
  if (!policy.allowHostPathVolumes()) {
    for (const volume of (spec.volumes as unknown[] | undefined) ?? []) {
      if (fieldOf(volume, 'hostPath')) ctx.violate(RefusalClass.hostPath, `${paths.label}volume "${String(fieldOf(volume, 'name'))}": hostPath volumes are not allowed by environment policy`, paths.volume(fieldOf(volume, 'name')));
    }
  }
  for (const entry of containers) enforceContainerPolicy(entry, ctx);
}

function enforceContainerPolicy({ container, label, path, authoredResources, resourcesPath }: PolicedContainer, ctx: HandlerContext): void {
  const { policy } = ctx;
  const allowed = policy.allowedRegistries();
  const image = container.image;
  if (allowed.length > 0 && typeof image === 'string' && !allowed.some((registry) => registryHost(image) === registry.replace(/\/+$/, ''))) {
    ctx.violate(RefusalClass.registry, `${label}image ${JSON.stringify(image)} is not from an allowed registry [${allowed.join(' ')}]`, [...path, 'image']);
  }
  const securityContext = container.securityContext;
  if (fieldOf(securityContext, 'privileged') === true && !policy.allowPrivileged()) {
    ctx.violate(RefusalClass.privileged, `${label}securityContext.privileged is not allowed by environment policy`, [...path, 'securityContext', 'privileged']);
  }
  if (fieldOf(fieldOf(securityContext, 'windowsOptions'), 'hostProcess') === true && !policy.allowPrivileged()) {
    ctx.violate(RefusalClass.privileged, `${label}securityContext.windowsOptions.hostProcess is not allowed by environment policy`, [...path, 'securityContext', 'windowsOptions', 'hostProcess']);
  }
  enforceContainerCapabilities(fieldOf(fieldOf(securityContext, 'capabilities'), 'add'), label, [...path, 'securityContext', 'capabilities', 'add'], ctx);
  enforceResourceMaxima(container.resources, authoredResources ?? container.resources, label, resourcesPath ?? [...path, 'resources'], ctx);
}

/**
 * Only added capabilities are held: dropping one only hardens. Names compare upper-cased and
 * without `CAP_`. `ALL` holds every capability, so it is forbidden whenever the forbidden list is not empty.
 */
function enforceContainerCapabilities(added: unknown, label: string, path: PropertyPath, ctx: HandlerContext): void {
  if (!Array.isArray(added)) return;
  const allowed = ctx.policy.allowedContainerCapabilities();
  const forbidden = ctx.policy.forbiddenContainerCapabilities();
  const normalize = (name: string) => name.toUpperCase().replace(/^CAP_/, '');
  const contains = (list: string[], name: string) => list.some((entry) => normalize(entry) === normalize(name));
  added.forEach((capability, index) => {
    if (typeof capability !== 'string') return;
    if ((normalize(capability) === 'ALL' && forbidden.length > 0) || contains(forbidden, capability)) {
      ctx.violate(RefusalClass.containerCapability, `${label}securityContext.capabilities.add: ${JSON.stringify(capability)} is forbidden by environment policy`, [...path, index]);
    }
    if (allowed.length > 0 && !contains(allowed, capability)) {
      ctx.violate(RefusalClass.containerCapability, `${label}securityContext.capabilities.add: ${JSON.stringify(capability)} is not allowed by environment policy`, [...path, index]);
    }
  });
}

/** The effective requests and limits against MaxCPU and MaxMemory. */
function enforceResourceMaxima(effective: unknown, authored: unknown, label: string, path: PropertyPath, ctx: HandlerContext): void {
  const checks = [
    ['requests', 'cpu', ctx.policy.maxCPU(), 'cpu request'],
    ['limits', 'cpu', ctx.policy.maxCPU(), 'cpu limit'],
    ['requests', 'memory', ctx.policy.maxMemory(), 'memory request'],
    ['limits', 'memory', ctx.policy.maxMemory(), 'memory limit'],
  ] as const;
  for (const [side, resource, max, name] of checks) {
    const value = fieldOf(fieldOf(effective, side), resource);
    if (value === undefined) continue;
    const generated = fieldOf(fieldOf(authored, side), resource) === undefined ? ' (generated default)' : '';
    enforceMaxQuantity(String(value), max, `${label}${name}${generated}`, RefusalClass.resourceMaximum, ctx, [...path, side, resource]);
  }
}

/** The registry host of an image reference: its first segment when it names a host, else docker.io. */
export function registryHost(image: string): string {
  let ref = image;
  const at = ref.indexOf('@');
  if (at !== -1) ref = ref.slice(0, at);
  const colon = ref.lastIndexOf(':');
  if (colon !== -1 && !ref.slice(colon).includes('/')) ref = ref.slice(0, colon);
  const slash = ref.indexOf('/');
  if (slash === -1) return 'docker.io';
  const candidate = ref.slice(0, slash);
  return /[.:]/.test(candidate) || candidate === 'localhost' ? candidate : 'docker.io';
}

/**
 * A pod spec written whole (a Pod's properties, a controller's template.spec): the refusals name
 * the fields by their path below the kind's properties, `base` (`template.spec`).
 */
export function enforceWrittenPodSpec(spec: unknown, base: PropertyPath, ctx: HandlerContext): void {
  // A spec of another shape holds no field the checks read.
  if (!spec || !isPlainObject(spec)) return;
  const prefix = base.length > 0 ? `${base.join('.')}.` : '';
  const containers = (key: 'containers' | 'initContainers'): PolicedContainer[] =>
    ((spec[key] as WrittenMap[] | undefined) ?? []).map((container, index) => ({ container, label: `${prefix}${key}[${index}] "${container?.name}": `, path: [...base, key, index] }));
  const paths: PodPaths = {
    podSecurityContextName: 'securityContext',
    label: base.length > 0 ? `${base.join('.')}: ` : '',
    field: (name) => [...base, name],
    volume: (name) => {
      const index = ((spec.volumes as unknown[] | undefined) ?? []).findIndex((volume) => fieldOf(volume, 'name') === name);
      return [...base, 'volumes', ...(index >= 0 ? [index] : [])];
    },
  };
  enforcePodPolicy(spec, [...containers('containers'), ...containers('initContainers')], paths, ctx);
}
