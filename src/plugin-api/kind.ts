import type { ContractMetadata } from './contract-metadata.js';
import type { HandlerContext } from './context.js';
import type { ComponentAnswers, ComponentHandler, ComponentInput, ObjectScope } from './handlers.js';
import type { K8sObject, Properties } from './objects.js';
import type { PropertiesSchema } from './schema.js';

/**
 * A kind component as data: one Kubernetes (or CRD) kind an author writes as a component. The
 * object is named after the component (or its `objectName`), carries the authored `labels` and
 * `annotations`, and holds the properties as the kind defines them.
 */
export interface KindDefinition<P = Properties> {
  type: string;
  description: string;
  apiVersion: string;
  kind: string;
  scope: ObjectScope;
  /** The properties an author writes: the kind's spec (or its top-level fields). */
  properties: PropertiesSchema;
  /** Where the properties go: under `spec` (the default) or beside `metadata`. */
  placement?: 'spec' | 'top-level';
  /** Whether the object carries `app: <component label value>` (kinds whose selectors use it). */
  appLabel?: boolean;
  contract?: ContractMetadata;
  /** Properties of a complete, working example, shown in the reference docs (`kurel schemas`). */
  example?: Properties;
  /** Kind-specific rules beyond the schema: required combinations, refused fields with hints. Refuse with `ctx.fail`. */
  check?(properties: P, input: ComponentInput<P>, ctx: HandlerContext): void;
  /** Turns the checked properties into the object's content (defaults, conversions); the properties as they are when absent. */
  content?(properties: P, input: ComponentInput<P>, ctx: HandlerContext): Record<string, unknown>;
  /** What the component answers to traits and to the engine. */
  answers?(properties: P, input: ComponentInput<P>): ComponentAnswers;
}

/** Makes a component handler from a kind definition. */
export function defineKind<P = Properties>(definition: KindDefinition<P>): ComponentHandler<P> {
  const { type, description, properties, contract, example, apiVersion, kind, scope } = definition;
  return {
    type,
    description,
    properties,
    ...(example === undefined ? {} : { example }),
    contract: contract ?? { family: type, version: 'v1alpha1' },
    object: { apiVersion, kind, scope },
    render(input, ctx) {
      definition.check?.(input.properties, input, ctx);
      const content = definition.content ? definition.content(input.properties, input, ctx) : structuredClone(input.properties as Record<string, unknown>);
      const metadata: K8sObject['metadata'] = { name: input.objectName };
      if (scope !== 'cluster') metadata.namespace = input.namespace;
      if (definition.appLabel) metadata.labels = { app: input.labelValue };
      const object: K8sObject = definition.placement === 'top-level' ? { apiVersion, kind, metadata, ...content } : { apiVersion, kind, metadata, spec: content };
      return { objects: [object], answers: definition.answers?.(input.properties, input) };
    },
  };
}
