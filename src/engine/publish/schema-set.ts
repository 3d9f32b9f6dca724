import { type ContractMetadata, type Properties, type PropertiesSchema } from '../../plugin-api/index.js';
import { componentProperties } from '../../plugin-api/kit/index.js';
import type { SealedRegistry } from '../registry.js';
import { DRAFT_2020_12, propertiesToJsonSchema, type JsonSchema } from './json-schema.js';

export type Position = 'component' | 'trait' | 'policy';

/** One registered type as published: where it comes from and what an author may write. */
export interface PublishedType {
  position: Position;
  type: string;
  description: string;
  plugin: string;
  /** `handler`, `lowering rule` or `declaration` (parses, rendered by someone else). */
  implementation: string;
  contract?: ContractMetadata;
  properties: PropertiesSchema;
  schema: JsonSchema;
  /** The type's own example properties, when it ships one. */
  example?: Properties;
  /** Of a trait a ClusterProfile binding renders into: whether a build needs that binding, and the example's rendering. */
  capability?: { required: boolean; exampleRendering?: Properties };
  /** Keys the type requires that the binding's rendering may supply instead of the author. */
  requiredUnlessRendered?: string[];
  /** Of a trait or a policy: the components its example is shown on, of the types that declare an `exampleHost`. */
  exampleHosts?: ExampleComponent[];
}

/** A component of a type that declares an `exampleHost`, as another type's example shows it. */
export interface ExampleComponent {
  type: string;
  properties: Properties;
}

/**
 * What an editor and a doc page say of a declared type: it parses and is checked, but only the
 * consumer that delivers the application renders it.
 */
export const DELIVERY_TYPE_NOTE =
  'Delivery type: `kurel build` refuses it unless a plugin of the consumer that delivers the application registers a handler for it.';

/** The engine-owned property every trait takes. */
const SCOPE: PropertiesSchema = {
  scope: { type: 'string', description: 'Picks the `<trait>.<scope>` capability binding of the ClusterProfile before the plain `<trait>` one.' },
};

/** The engine-owned property every component takes. */
const OPTIONAL: PropertiesSchema = {
  optional: {
    type: 'boolean',
    description:
      "Leave the component out, with a warning, where the ClusterProfile's apiResources show the cluster does not serve an object it emits (else the build refuses it). Only an author chooses this.",
  },
};

/** Every type the sealed registry knows, plugins included, in position and name order. */
export function publishedTypes(registry: SealedRegistry): PublishedType[] {
  const out: PublishedType[] = [];
  const hosts: ExampleComponent[] = [];
  for (const type of registry.componentTypes()) {
    const handler = registry.component(type);
    const rule = registry.componentRule(type);
    const entry = (handler ?? rule)!;
    if (entry.value.exampleHost) hosts.push({ type, properties: entry.value.exampleHost });
    const declared = handler ? componentProperties(handler.value) : entry.value.properties;
    const properties = 'optional' in declared ? declared : { ...declared, ...OPTIONAL };
    out.push(describe('component', type, entry, handler ? 'handler' : 'lowering rule', properties, handler?.value.additionalProperties));
  }
  for (const type of registry.traitTypes()) {
    const entry = (registry.trait(type) ?? registry.traitRule(type) ?? registry.traitDeclaration(type))!;
    const implementation = registry.trait(type) ? 'handler' : registry.traitRule(type) ? 'lowering rule' : 'declaration';
    // A capability rendering may supply a trait's required keys, so an author need not write them.
    const rendered = 'capability' in entry.value && entry.value.capability !== undefined;
    const properties = Object.fromEntries(Object.entries({ ...entry.value.properties, ...SCOPE }).map(([key, schema]) => [key, rendered ? { ...schema, required: false } : schema]));
    const published = describe('trait', type, entry, implementation, properties);
    const appliesTo = 'componentTypes' in entry.value ? entry.value.componentTypes : undefined;
    const fitting = hosts.filter((host) => appliesTo?.includes(host.type) ?? true);
    published.exampleHosts = (fitting.length > 0 ? fitting : hosts).slice(0, 1);
    if (rendered) {
      const capability = (entry.value as { capability?: { required?: boolean; exampleRendering?: Properties } }).capability;
      published.capability = { required: capability?.required === true, exampleRendering: capability?.exampleRendering };
      published.requiredUnlessRendered = Object.entries(entry.value.properties ?? {}).filter(([, schema]) => schema.required).map(([key]) => key);
    }
    out.push(published);
  }
  for (const type of registry.policyTypes()) {
    const entry = (registry.policy(type) ?? registry.policyRule(type) ?? registry.policyDeclaration(type))!;
    const implementation = registry.policy(type) ? 'handler' : registry.policyRule(type) ? 'lowering rule' : 'declaration';
    out.push({ ...describe('policy', type, entry, implementation, entry.value.properties), exampleHosts: hosts.slice(0, 2) });
  }
  return out;
}

function describe(
  position: Position,
  type: string,
  entry: { value: { description: string; contract?: ContractMetadata; example?: Properties }; plugin: string },
  implementation: string,
  properties: PropertiesSchema,
  additionalProperties?: boolean,
): PublishedType {
  const description = implementation === 'declaration' ? `${DELIVERY_TYPE_NOTE} ${entry.value.description}` : entry.value.description;
  const schema = { $schema: DRAFT_2020_12, title: `${type} (${position} properties)`, ...propertiesToJsonSchema(properties, description, additionalProperties) };
  return { position, type, description: entry.value.description, plugin: entry.plugin, implementation, contract: entry.value.contract, properties, schema, example: entry.value.example };
}

/** The folder a position's schemas go to. */
export function folderOf(position: Position): string {
  return position === 'policy' ? 'policies' : `${position}s`;
}
