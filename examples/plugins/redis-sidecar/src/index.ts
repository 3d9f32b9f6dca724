import { definePlugin, defineTrait } from 'kurel/plugin-api';
import { podTemplatesOf } from 'kurel/plugin-kit';

const CONTAINER_NAME = 'redis';
const MEBIBYTE = 1024 ** 2;

// Kubernetes quantity suffixes and the unit redis's `maxmemory` accepts for each (redis reads
// `mb` as 1024² and `m` as 1000²; it knows nothing above giga).
const UNITS: Record<string, { factor: number; redis: Array<[string, number]> }> = {
  '': { factor: 1, redis: [] },
  Ki: { factor: 1024, redis: [['kb', 1024]] },
  Mi: { factor: 1024 ** 2, redis: [['mb', 1024 ** 2], ['kb', 1024]] },
  Gi: { factor: 1024 ** 3, redis: [['gb', 1024 ** 3], ['mb', 1024 ** 2], ['kb', 1024]] },
  Ti: { factor: 1024 ** 4, redis: [['gb', 1024 ** 3], ['mb', 1024 ** 2], ['kb', 1024]] },
  k: { factor: 1000, redis: [['k', 1000]] },
  M: { factor: 1000 ** 2, redis: [['m', 1000 ** 2], ['k', 1000]] },
  G: { factor: 1000 ** 3, redis: [['g', 1000 ** 3], ['m', 1000 ** 2], ['k', 1000]] },
  T: { factor: 1000 ** 4, redis: [['g', 1000 ** 3], ['m', 1000 ** 2], ['k', 1000]] },
};

const QUANTITY = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/;

/** Bytes of a Kubernetes memory quantity (`256Mi`, `1G`, `1.5Gi`), or undefined when it is not one. */
function parseQuantity(quantity: string): { bytes: number; suffix: string } | undefined {
  const match = QUANTITY.exec(quantity);
  if (!match) return undefined;
  const suffix = match[2] ?? '';
  const bytes = Number(match[1]) * UNITS[suffix].factor;
  return Number.isSafeInteger(bytes) && bytes > 0 ? { bytes, suffix } : undefined;
}

/** The quantity in redis's notation, in the largest unit of the same family that divides it. */
function toRedisMemory({ bytes, suffix }: { bytes: number; suffix: string }): string {
  const unit = UNITS[suffix].redis.find(([, size]) => bytes % size === 0);
  return unit ? `${bytes / unit[1]}${unit[0]}` : String(bytes);
}

export const redisSidecar = defineTrait({
  type: 'redis-sidecar',
  description: 'Adds a Redis sidecar container to every pod template of the component.',
  properties: {
    image: { type: 'string', required: true, description: 'The Redis image reference, e.g. redis:7.2.4.' },
    maxMemory: {
      type: 'string',
      default: '256Mi',
      description: "Redis's memory budget as a Kubernetes quantity (256Mi); passed to --maxmemory and requested for the container.",
    },
    port: { type: 'integer', default: 6379, description: 'The port Redis listens on.' },
  },
  capability: { required: true, definition: true },
  apply({ properties, component }, ctx) {
    const { image, maxMemory, port } = properties;
    const memory = parseQuantity(maxMemory);
    if (!memory) return ctx.fail(`maxMemory "${maxMemory}" is not a positive memory quantity such as 256Mi or 1G`, ['maxMemory']);
    if (port < 1 || port > 65535) return ctx.fail(`port ${port} is outside 1-65535`, ['port']);

    const templates = podTemplatesOf(component.objects, ctx);
    if (templates.length === 0) {
      return ctx.fail(`component "${component.name}" (type ${component.type}) has no pod template to add a Redis sidecar to`);
    }
    for (const { owner, spec } of templates) {
      const taken = [...(spec.containers ?? []), ...(spec.initContainers ?? [])].some((c) => c?.name === CONTAINER_NAME);
      if (taken) {
        return ctx.fail(`${owner.kind} "${owner.metadata.name}" already has a container named "${CONTAINER_NAME}"`);
      }
    }

    // Redis needs room beyond its dataset budget (buffers, fragmentation): limit at 1.25×.
    const limitMi = Math.ceil((memory.bytes * 1.25) / MEBIBYTE);
    for (const { spec } of templates) {
      (spec.containers ??= []).push({
        name: CONTAINER_NAME,
        image,
        args: ['--maxmemory', toRedisMemory(memory), '--port', String(port)],
        ports: [{ containerPort: port, name: 'redis', protocol: 'TCP' }],
        resources: {
          requests: { cpu: '50m', memory: maxMemory },
          limits: { memory: `${limitMi}Mi` },
        },
      });
    }
  },
});

export default definePlugin({
  meta: { name: '@example/kurel-plugin-redis-sidecar', version: '0.1.0', kurelApi: '^2.0.0' },
  traits: [redisSidecar],
});
