import type { HandlerContext } from '../../context.js';
import type { PropertyPath } from '../../errors.js';
import { RefusalClass } from '../../policy.js';
import { checkImageRef } from './image-ref.js';
import { enforceMaxQuantity, enforceMaxReplicas, enforceMaxStorage } from './limits.js';
import { enforceWrittenPodSpec } from './pod-policy.js';
import { enforceAllowedRegistry } from './registries.js';
import { refuseUndeclaredFields } from './undeclared-fields.js';
import { describeValue } from '../value-words.js';
import { fieldOf, type WrittenMap } from '../written-fields.js';

/** Where a carried object sits, so that its refusals point at the author's input. */
export interface CarriedObjectPlace {
  /**
   * Put before every refusal text, naming the object among several
   * (`inline: document 2 (Deployment "web"): `). Empty for an object that is the element's only one.
   */
  label?: string;
  /**
   * The property path (relative to the element's properties) of a path inside the object.
   * `passthrough` maps `spec.replicas` to `object.spec.replicas`; objects read from a YAML string
   * all point at that string's property. The identity when absent.
   */
  locate?: (pathInObject: PropertyPath) => PropertyPath;
}

/**
 * Holds one object a component carries as written (a `passthrough` object, a `manifests`
 * document, an object a chart renders at build time) to the environment policy, with the checks,
 * texts and refusal classes a typed kind of the same kind has:
 *
 * - a workload (Pod, PodTemplate, ReplicationController, Deployment, ReplicaSet, StatefulSet,
 *   DaemonSet, Job, CronJob): the image rule (no `:latest`, a tag or digest), the replica maximum,
 *   and its pod spec's security flags (host namespaces, privileged and HostProcess containers,
 *   `hostPath` volumes), container capabilities, registries and cpu/memory maxima;
 * - a claim (a PersistentVolumeClaim, a StatefulSet's volume claim templates): the storage maximum;
 * - an autoscaler (HorizontalPodAutoscaler): the replica maximum on `maxReplicas`;
 * - a PersistentVolume: `hostPath`/`local` and the storage maximum on its capacity;
 * - a Flux source (HelmRepository, OCIRepository, GitRepository, Bucket): its url or endpoint
 *   held to the allowed registries.
 *
 * A workload or claim setting a field its Go type does not declare, and an `items` array on an
 * object that is no list, are refused as `unreadable-object` first (refuseUndeclaredFields).
 * The fields the checks read are first read as the kind's: a field of another shape (containers
 * that are no list, replicas that are no whole number) refuses the object as `unreadable-object`,
 * since a check that read nothing there would let it through. So are a workload's selector and its
 * pod template's labels, which the component label is later held to. Objects of other kinds pass.
 * Refusals go through `ctx.violate` / `ctx.fail`, so the first one ends the element.
 */
export function enforceCarriedObjectPolicy(object: WrittenMap, ctx: HandlerContext, place: CarriedObjectPlace = {}): void {
  const scoped = scopedContext(ctx, place);
  refuseUndeclaredFields(object, scoped);
  const check = KIND_CHECKS[`${groupOf(object.apiVersion)}/${String(object.kind)}`];
  if (!check) return;
  check(new CarriedObject(object, scoped));
}

/** The context the typed-kind checks refuse through, their paths and texts placed at the carried object. */
function scopedContext(ctx: HandlerContext, { label = '', locate = (path) => path }: CarriedObjectPlace): HandlerContext {
  const scoped = Object.create(ctx) as HandlerContext;
  return Object.assign(scoped, {
    policy: ctx.policy,
    fail: (message: string, path: PropertyPath = []): never => ctx.fail(`${label}${message}`, locate(path)),
    violate: (refusalClass: string, message: string, path: PropertyPath = []): never => ctx.violate(refusalClass, `${label}${message}`, locate(path)),
  });
}

/** An object being read as its kind: each read checks the shape the kind gives the field. */
class CarriedObject {
  constructor(
    readonly object: WrittenMap,
    readonly ctx: HandlerContext,
  ) {}

  private unreadable(path: PropertyPath, expected: string, value: unknown): never {
    const written = fieldOf(this.object.metadata, 'name');
    const name = typeof written === 'string' ? ` "${written}"` : '';
    const where = pathText(path);
    const kind = String(this.object.kind);
    return this.ctx.violate(RefusalClass.unreadableObject, `${kind}${name} cannot be read as a ${kind}: ${where} must be ${expected}, not ${describeValue(value)}`, path);
  }

  private at(path: PropertyPath): unknown {
    let value: unknown = this.object;
    // Any value but null and undefined is indexed, as a property read in JavaScript would.
    for (const segment of path) value = value === null || value === undefined ? undefined : (value as Record<PropertyKey, unknown>)[segment];
    return value ?? undefined;
  }

  map(path: PropertyPath): WrittenMap | undefined {
    const value = this.at(path);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) this.unreadable(path, 'a map', value);
    return value as WrittenMap;
  }

  list(path: PropertyPath): unknown[] {
    const value = this.at(path);
    if (value === undefined) return [];
    if (!Array.isArray(value)) this.unreadable(path, 'a list', value);
    return value;
  }

  maps(path: PropertyPath): WrittenMap[] {
    const items = this.list(path);
    items.forEach((_item, index) => this.map([...path, index]) ?? this.unreadable([...path, index], 'a map', null));
    return items as WrittenMap[];
  }

  wholeNumber(path: PropertyPath): number | undefined {
    const value = this.at(path);
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) this.unreadable(path, 'a whole number', value);
    return value;
  }

  of(path: PropertyPath, expected: 'a string' | 'true or false'): unknown {
    const value = this.at(path);
    const type = expected === 'a string' ? 'string' : 'boolean';
    if (value !== undefined && typeof value !== type) this.unreadable(path, expected, value);
    return value;
  }

  /** A map of strings (labels, a ReplicationController's selector); a null value reads as "". */
  stringMap(path: PropertyPath): void {
    const map = this.map(path);
    for (const key of Object.keys(map ?? {})) if (map![key] !== null) this.of([...path, key], 'a string');
  }

  /** A LabelSelector: the selector of the pods a controller owns, which the component label is held to. */
  labelSelector(path: PropertyPath): void {
    if (!this.map(path)) return;
    this.stringMap([...path, 'matchLabels']);
    this.maps([...path, 'matchExpressions']).forEach((_expression, index) => {
      const at = [...path, 'matchExpressions', index];
      this.of([...at, 'key'], 'a string');
      this.of([...at, 'operator'], 'a string');
      this.list([...at, 'values']).forEach((_value, valueIndex) => this.of([...at, 'values', valueIndex], 'a string'));
    });
  }

  quantity(path: PropertyPath): string | undefined {
    const value = this.at(path);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') this.unreadable(path, 'a quantity (a string or a number)', value);
    return String(value);
  }

  /** Reads every field of a pod spec the policy reads; the pod spec, when there is one. */
  podSpec(path: PropertyPath): WrittenMap | undefined {
    const spec = this.map(path);
    if (!spec) return undefined;
    for (const flag of ['hostNetwork', 'hostPID', 'hostIPC']) this.of([...path, flag], 'true or false');
    this.securityContext([...path, 'securityContext']);
    this.maps([...path, 'volumes']).forEach((_volume, index) => {
      this.of([...path, 'volumes', index, 'name'], 'a string');
      this.map([...path, 'volumes', index, 'hostPath']);
    });
    for (const key of ['containers', 'initContainers']) {
      this.maps([...path, key]).forEach((_container, index) => this.container([...path, key, index]));
    }
    return spec;
  }

  private securityContext(path: PropertyPath): void {
    if (!this.map(path)) return;
    this.of([...path, 'privileged'], 'true or false');
    if (this.map([...path, 'windowsOptions'])) this.of([...path, 'windowsOptions', 'hostProcess'], 'true or false');
    if (this.map([...path, 'capabilities'])) this.list([...path, 'capabilities', 'add']).forEach((_name, index) => this.of([...path, 'capabilities', 'add', index], 'a string'));
  }

  private container(path: PropertyPath): void {
    this.of([...path, 'name'], 'a string');
    const image = this.of([...path, 'image'], 'a string');
    this.securityContext([...path, 'securityContext']);
    if (this.map([...path, 'resources'])) {
      for (const side of ['requests', 'limits']) {
        if (this.map([...path, 'resources', side])) for (const resource of ['cpu', 'memory']) this.quantity([...path, 'resources', side, resource]);
      }
    }
    if (typeof image === 'string') checkImageRef(image, this.ctx, [...path, 'image']);
  }
}

type KindCheck = (carried: CarriedObject) => void;

/**
 * A controller whose pods come from `spec.template`, with or without a replica count, selected by a
 * LabelSelector (a ReplicationController's is a plain map of labels).
 */
function controller(replicated: boolean, selector: 'labelSelector' | 'stringMap' = 'labelSelector'): KindCheck {
  return (carried) => {
    carried.map(['spec']);
    if (replicated) enforceMaxReplicas(carried.wholeNumber(['spec', 'replicas']) ?? 1, carried.ctx, ['spec', 'replicas']);
    carried[selector](['spec', 'selector']);
    carried.map(['spec', 'template']);
    podTemplateLabels(carried, ['spec', 'template']);
    const podSpec = carried.podSpec(['spec', 'template', 'spec']);
    if (podSpec) enforceWrittenPodSpec(podSpec, ['spec', 'template', 'spec'], carried.ctx);
  };
}

/** The labels of a pod template, which its controller's selector is matched against. */
function podTemplateLabels(carried: CarriedObject, template: PropertyPath): void {
  if (carried.map([...template, 'metadata'])) carried.stringMap([...template, 'metadata', 'labels']);
}

const statefulSet: KindCheck = (carried) => {
  controller(true)(carried);
  carried.maps(['spec', 'volumeClaimTemplates']).forEach((template, index) => claimStorage(carried, ['spec', 'volumeClaimTemplates', index, 'spec'], `volume claim template "${String(fieldOf(template.metadata, 'name'))}"`));
};

function claimStorage(carried: CarriedObject, spec: PropertyPath, subject: string): void {
  carried.map(spec);
  carried.map([...spec, 'resources']);
  carried.map([...spec, 'resources', 'requests']);
  const storage = carried.quantity([...spec, 'resources', 'requests', 'storage']);
  enforceMaxStorage(storage, carried.ctx, [...spec, 'resources', 'requests', 'storage'], `${subject}: `);
}

const KIND_CHECKS: Record<string, KindCheck> = {
  '/Pod': (carried) => {
    const podSpec = carried.podSpec(['spec']);
    if (podSpec) enforceWrittenPodSpec(podSpec, ['spec'], carried.ctx);
  },
  '/PodTemplate': (carried) => {
    carried.map(['template']);
    const podSpec = carried.podSpec(['template', 'spec']);
    if (podSpec) enforceWrittenPodSpec(podSpec, ['template', 'spec'], carried.ctx);
  },
  '/ReplicationController': controller(true, 'stringMap'),
  'apps/Deployment': controller(true),
  'apps/ReplicaSet': controller(true),
  'apps/StatefulSet': statefulSet,
  'apps/DaemonSet': controller(false),
  'batch/Job': controller(false),
  'batch/CronJob': (carried) => {
    carried.map(['spec']);
    carried.map(['spec', 'jobTemplate']);
    carried.map(['spec', 'jobTemplate', 'spec']);
    carried.labelSelector(['spec', 'jobTemplate', 'spec', 'selector']);
    carried.map(['spec', 'jobTemplate', 'spec', 'template']);
    podTemplateLabels(carried, ['spec', 'jobTemplate', 'spec', 'template']);
    const path = ['spec', 'jobTemplate', 'spec', 'template', 'spec'];
    const podSpec = carried.podSpec(path);
    if (podSpec) enforceWrittenPodSpec(podSpec, path, carried.ctx);
  },
  '/PersistentVolumeClaim': (carried) => claimStorage(carried, ['spec'], `PVC "${String(fieldOf(carried.object.metadata, 'name'))}"`),
  '/PersistentVolume': (carried) => {
    const spec = carried.map(['spec']) ?? {};
    for (const source of ['hostPath', 'local']) {
      if (carried.map(['spec', source]) && !carried.ctx.policy.allowHostPathVolumes()) {
        carried.ctx.violate(RefusalClass.hostPath, `spec.${source}: a ${source} PersistentVolume is not allowed by environment policy`, ['spec', source]);
      }
    }
    carried.map(['spec', 'capacity']);
    const capacity = carried.quantity(['spec', 'capacity', 'storage']);
    if (spec.capacity) enforceMaxQuantity(capacity, carried.ctx.policy.maxStorageSize(), 'spec.capacity.storage', RefusalClass.storageMaximum, carried.ctx, ['spec', 'capacity', 'storage']);
  },
  'source.toolkit.fluxcd.io/HelmRepository': fluxSource('url', 'HelmRepository url'),
  'source.toolkit.fluxcd.io/OCIRepository': fluxSource('url', 'OCIRepository url'),
  'source.toolkit.fluxcd.io/GitRepository': fluxSource('url', 'GitRepository url'),
  'source.toolkit.fluxcd.io/Bucket': fluxSource('endpoint', 'Bucket endpoint'),
  'autoscaling/HorizontalPodAutoscaler': (carried) => {
    carried.map(['spec']);
    const maxReplicas = carried.wholeNumber(['spec', 'maxReplicas']);
    enforceMaxReplicas(maxReplicas, carried.ctx, ['spec', 'maxReplicas']);
  },
};

/** A Flux source: where it fetches from is held to the allowed registries. */
function fluxSource(field: 'url' | 'endpoint', what: string): KindCheck {
  return (carried) => {
    carried.map(['spec']);
    const location = carried.of(['spec', field], 'a string');
    enforceAllowedRegistry(location, carried.ctx, ['spec', field], what);
  };
}

/** The API group of an apiVersion: `apps/v1` → `apps`, `v1` → the core group `''`. */
function groupOf(apiVersion: unknown): string {
  if (typeof apiVersion !== 'string') return '';
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

function pathText(path: PropertyPath): string {
  let out = '';
  for (const segment of path) out += typeof segment === 'number' ? `[${segment}]` : out ? `.${segment}` : segment;
  return out;
}
