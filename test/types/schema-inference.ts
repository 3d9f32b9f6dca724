// Type tests, checked by the compiler (schema-inference.test.ts): a handler's input type is read
// from its properties schema, and a wrong property is a compile error. Each `@ts-expect-error`
// fails the check when the line below it stops being an error.
import { expectTypeOf } from 'vitest';
import { defineComponentLowering, definePolicy, defineTrait, type ComponentHandler, type PropertiesOf, type PropertiesSchema, type Properties } from 'kurel/plugin-api';
import { defineKind, schemaBuilders, type KindDefinition } from 'kurel/plugin-kit';
import { redisSidecar } from '../../examples/plugins/redis-sidecar/src/index.js';

const { bool, int, list, object, oneOf, quantity, str, stringMap } = schemaBuilders;

// The example plugin declares no properties type: its schema gives it.
type RedisInput = Parameters<typeof redisSidecar.apply>[0]['properties'];
expectTypeOf<RedisInput>().toEqualTypeOf<{ image: string; maxMemory: string; port: number }>();
declare const redis: RedisInput;
// @ts-expect-error the schema says maxMemory, not maxmemory
void redis.maxmemory;
// @ts-expect-error port is a number
void redis.port.toUpperCase();

// An inline schema, with no `as const`: required and defaulted keys are present, others optional.
defineTrait({
  type: 'inline',
  description: 'An inline schema.',
  properties: {
    name: { type: 'string', required: true },
    replicas: { type: 'integer', default: 1 },
    mode: { type: 'string', enum: ['fast', 'safe'] },
    size: { types: ['string', 'number'] },
  },
  apply({ properties }) {
    expectTypeOf(properties).toEqualTypeOf<{ name: string; replicas: number; mode?: 'fast' | 'safe'; size?: string | number }>();
    // @ts-expect-error an undeclared key
    void properties.nmae;
  },
});

// A schema made of the builders, declared apart `as const`.
const scalerSchema = {
  minReplicas: int('Fewest replicas.', { required: true }),
  enablePDB: bool('Also write a PodDisruptionBudget.', { default: false }),
  tier: oneOf(['gold', 'silver'], 'The tier.'),
  memory: quantity('The memory.'),
  labels: stringMap('Labels.'),
  ports: list('Ports.', object('A port.', { port: int('The port.', { required: true }), name: str('Its name.') })),
} as const;
expectTypeOf<PropertiesOf<typeof scalerSchema>>().toEqualTypeOf<{
  minReplicas: number;
  enablePDB: boolean;
  tier?: 'gold' | 'silver';
  memory?: string | number;
  labels?: { [key: string]: string };
  ports?: Array<{ port: number; name?: string }>;
}>();

definePolicy({
  type: 'built',
  description: 'A policy of built schema.',
  properties: scalerSchema,
  apply({ properties }) {
    expectTypeOf(properties.minReplicas).toEqualTypeOf<number>();
    // @ts-expect-error a list of ports, not one
    void properties.ports?.port;
  },
});

// A lowering rule reads its component's properties the same way.
defineComponentLowering({
  type: 'lowered',
  description: 'A lowering rule.',
  properties: { url: str('Where from.', { required: true }) },
  lower({ component }) {
    expectTypeOf(component.properties.url).toEqualTypeOf<string>();
    // @ts-expect-error an undeclared key
    void component.properties.uri;
    return { components: [] };
  },
});

// A schema that is not a literal gives the loose Properties; a named type still wins.
declare const built: Record<string, { type: 'string' }> & Record<string, import('kurel/plugin-api').PropertySchema>;
expectTypeOf<PropertiesOf<typeof built>>().toEqualTypeOf<Properties>();
defineTrait<{ image: string }>({
  type: 'named',
  description: 'A named properties type.',
  properties: { image: str('The image.', { required: true }) },
  apply({ properties }) {
    expectTypeOf(properties).toEqualTypeOf<{ image: string }>();
  },
});

// A kind for an organisation's CRD reads its properties the same way.
defineKind({
  type: 'acme-database',
  description: 'A database.',
  apiVersion: 'db.acme.example/v1',
  kind: 'Database',
  scope: 'namespaced',
  properties: { engine: oneOf(['postgres', 'mysql'], 'The engine.', { required: true }), storage: quantity('Its storage.') },
  check(properties, _input, ctx) {
    expectTypeOf(properties.engine).toEqualTypeOf<'postgres' | 'mysql'>();
    // @ts-expect-error an undeclared key
    if (properties.engnie) ctx.fail('never');
  },
});

// A generic factory of handlers names its type, as does a handler naming a loose record.
export function kindFactory<P>(definition: KindDefinition<P>): ComponentHandler<P> {
  return defineKind<P>(definition);
}
defineTrait<Record<string, number>>({
  type: 'loose',
  description: 'A loose named type.',
  properties: { replicas: int('Replicas.') },
  apply({ properties }) {
    expectTypeOf(properties).toEqualTypeOf<Record<string, number>>();
  },
});

// A builder's result keeps its own type where the context asks for any schema.
const contextual = { data: stringMap('Entries.'), port: int('A port.') } as const satisfies PropertiesSchema;
expectTypeOf<PropertiesOf<typeof contextual>>().toEqualTypeOf<{ data?: { [key: string]: string }; port?: number }>();
