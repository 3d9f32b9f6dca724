import { type HandlerContext, type Policy, type ValueOf } from 'kurel/plugin-api';
import { NOOP_POLICY, schemaBuilders } from 'kurel/plugin-kit';

/** Resources as `resourcesSchema` admits them: quantities as strings or bare numbers. */
export type AuthoredResources = ValueOf<ReturnType<typeof resourcesSchema>>;
/** A resource list as `resourceList` admits it. */
type AuthoredResourceList = NonNullable<AuthoredResources['requests']>;
/** A resource list as written to an object: quantity strings. */
export type ResourceList = Record<string, string>;

const { object, quantity } = schemaBuilders;

/** Requests a container gets unless the author sets them; there is no default CPU limit. */
const DEFAULT_REQUESTS = { cpu: '100m', memory: '128Mi' } as const;

function resourceList(description: string) {
  return {
    ...object(description, {
      cpu: quantity('CPU, as a quantity string ("500m", "1") or a bare number of cores (0.5).'),
      memory: quantity('Memory, as a quantity string ("512Mi", "1Gi") or a bare number of bytes.'),
    }),
    additionalProperties: quantity('Another named resource (ephemeral-storage, hugepages-2Mi, nvidia.com/gpu, …).'),
  };
}

export function resourcesSchema(description: string) {
  return object(description, {
    requests: resourceList('Minimum resources guaranteed; other named resources beyond cpu and memory are accepted.'),
    limits: resourceList('Maximum resources allowed; other named resources beyond cpu and memory are accepted.'),
  });
}

/** The main container's resources as authored, each value left out taken from the policy's defaults. */
export function policyDefaultedResources(authored: AuthoredResources | undefined, policy: Policy = NOOP_POLICY): { requests: ResourceList; limits: ResourceList } {
  const defaults = (cpu: string, memory: string): ResourceList => ({ ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) });
  return {
    requests: { ...defaults(policy.defaultCPURequest(), policy.defaultMemoryRequest()), ...normalizeList(authored?.requests) },
    limits: { ...defaults(policy.defaultCPULimit(), policy.defaultMemoryLimit()), ...normalizeList(authored?.limits) },
  };
}

/**
 * The main container's resources: authored values win key by key over the policy's defaults,
 * and those over the handler's (requests 100m CPU and 128Mi memory); the memory limit defaults
 * to the effective memory request.
 */
export function containerResources(authored: AuthoredResources | undefined, policy: Policy = NOOP_POLICY): { limits: ResourceList; requests: ResourceList } {
  const declared = policyDefaultedResources(authored, policy);
  const requests = { ...DEFAULT_REQUESTS, ...declared.requests };
  const limits = declared.limits;
  limits.memory ??= requests.memory;
  return { limits, requests };
}

const POD_LEVEL_RESOURCE = /^(cpu|memory|hugepages-.+)$/;

/** Pod-level resources, as written; the API accepts only cpu, memory and hugepages there. */
export function podResources(authored: AuthoredResources, ctx: HandlerContext): { requests?: ResourceList; limits?: ResourceList } {
  const out: { requests?: ResourceList; limits?: ResourceList } = {};
  for (const side of ['requests', 'limits'] as const) {
    const list = authored[side];
    if (!list) continue;
    for (const key of Object.keys(list)) {
      if (!POD_LEVEL_RESOURCE.test(key)) {
        ctx.fail(`podResources.${side}: "${key}" is not a pod-level resource; only cpu, memory and hugepages-<size> are`, ['podResources', side, key]);
      }
    }
    out[side] = normalizeList(list);
  }
  return out;
}

function normalizeList(list: AuthoredResourceList | undefined): ResourceList {
  const out: ResourceList = {};
  for (const [key, value] of Object.entries(list ?? {})) out[key] = formatQuantity(key, value);
  return out;
}

/** A bare number becomes the quantity string the API would serialize it as; the schema admits nothing else but a string. */
function formatQuantity(resource: string, value: unknown): string {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return String(value);
  if (resource === 'cpu') return `${Math.round(value * 1000)}m`;
  return String(value);
}
