import type { ContractMetadata } from '../contract-metadata.js';
import type { HandlerContext } from '../context.js';
import type { PropertiesOf } from '../schema-types.js';
import { encodeGo, GO_STRUCT } from './go-encoding.js';
import { goObjectMetaSchema } from './go-kinds.js';
import { referenceRegistersCrdKind } from './reference-scheme.js';
import type { ComponentAnswers } from '../component-answers.js';
import type { ComponentHandler, ComponentInput, NamedInput, ObjectScope } from '../handlers.js';
import type { NameRoleInfo } from '../name-roles.js';
import type { MetadataHolder, PodTemplatePlace } from '../object-layout.js';
import type { K8sObject, Properties } from '../objects.js';
import type { PropertiesSchema, PropertySchema } from '../schema.js';

/**
 * A kind component as data: one Kubernetes (or CRD) kind an author writes as a component. The
 * object is named after the component (or its `objectName`), carries the authored `labels` and
 * `annotations`, and holds the properties as the upstream Go type writes them back once decoded:
 * the schema's `go` annotations say where that differs from what was authored (GoEncoding), and
 * quantities come out in their canonical form.
 */
export interface KindDefinition<P = Properties> {
  type: string;
  description: string;
  apiVersion: string;
  kind: string;
  scope: ObjectScope;
  /**
   * The properties an author writes: the kind's spec (or its top-level fields). A function builds
   * them on first use, so that loading the plugin reads no large generated schema.
   */
  properties: PropertiesSchema | (() => PropertiesSchema);
  /** Why a top-level key the properties do not declare is refused, shown with its refusal. */
  hints?: Record<string, string> | (() => Record<string, string>);
  /** Where the properties go: under `spec` (the default) or beside `metadata`. */
  placement?: 'spec' | 'top-level';
  /** Whether the object carries `app: <component label value>` (kinds whose selectors use it). */
  appLabel?: boolean;
  /** Where the kind holds its pod template: the component label and the reserved-key check reach its pods' metadata there, and traits find it (`podTemplatesOf`). */
  podTemplate?: PodTemplatePlace;
  /** Other places its metadata reaches the cluster: what an operator copies onto the pods or objects it creates. */
  metadataHolders?: MetadataHolder[];
  /** For a kind whose pods a chart renders in the cluster: where its post-renderers are (see `ObjectLayout.postRenderers`). */
  postRenderers?: string[];
  contract?: ContractMetadata;
  /** Properties of a complete, working example, shown in the reference docs (`kurel schemas`). */
  example?: Properties;
  /** The name roles the kind resolves names under beyond `object` (see `Described.nameRoles`). */
  nameRoles?: NameRoleInfo[];
  /** Kind-specific rules beyond the schema: required combinations, refused fields with hints. Refuse with `ctx.fail`. */
  check?(properties: P, input: ComponentInput<P>, ctx: HandlerContext): void;
  /**
   * Whether the properties are the spec of the kind's Go type as they stand, so that an object of
   * the kind a chart renders is written back through them when the reference's scheme registers
   * the kind. Defaults to true without `content` (which may rename), false with it.
   */
  specIsGoType?: boolean;
  /** Turns the encoded properties into the object's content (renames, values written beside them); the properties when absent. */
  content?(properties: P, input: ComponentInput<P>, ctx: HandlerContext): Record<string, unknown>;
  /** What the component answers to traits and to the engine. */
  answers?(properties: P, input: ComponentInput<P>): ComponentAnswers;
  /** For a kind placed in the Flux namespace: what its object reads by name from there (see ComponentHandler). */
  fluxNamespaceReads?(object: K8sObject): NamedInput[];
}

/**
 * Makes a component handler from a kind definition. Its input type is read from a literal
 * properties schema (or one a function returns), as `defineComponent` reads it; a named type wins.
 */
export function defineKind<const S extends PropertiesSchema, Inferred>(
  definition: KindDefinition<PropertiesOf<S>> & { properties: S | (() => S) },
): ComponentHandler<PropertiesOf<S>>;
export function defineKind<P>(definition: KindDefinition<P>): ComponentHandler<P>;
export function defineKind(definition: KindDefinition<unknown>): ComponentHandler<unknown> {
  return kindHandler(definition);
}

function kindHandler<P>(definition: KindDefinition<P>): ComponentHandler<P> {
  const { type, description, contract, example, apiVersion, kind, scope } = definition;
  const properties = lazily(definition.properties);
  const hints = definition.hints === undefined ? undefined : lazily(definition.hints);
  const decoded = lazily((): PropertySchema => ({ type: 'object', properties: properties() }));
  const handler: ComponentHandler<P> = {
    type,
    description,
    properties: {},
    ...(example === undefined ? {} : { example }),
    ...(definition.nameRoles ? { nameRoles: definition.nameRoles } : {}),
    contract: contract ?? { family: type, version: 'v1alpha1' },
    object: {
      apiVersion,
      kind,
      scope,
      ...(definition.podTemplate ? { podTemplate: definition.podTemplate } : {}),
      ...(definition.metadataHolders ? { metadataHolders: definition.metadataHolders } : {}),
      ...(definition.postRenderers ? { postRenderers: definition.postRenderers } : {}),
      ...(typedInReference(definition) ? { goType: lazily(() => wholeObject(decoded())) } : {}),
    },
    ...(definition.fluxNamespaceReads ? { fluxNamespaceReads: definition.fluxNamespaceReads } : {}),
    render(input, ctx) {
      definition.check?.(input.properties, input, ctx);
      const encoded = encodeGo(input.properties as Record<string, unknown>, decoded(), ctx) as P;
      const content = definition.content ? definition.content(encoded, input, ctx) : (encoded as Record<string, unknown>);
      const metadata: K8sObject['metadata'] = { name: input.objectName };
      if (scope !== 'cluster') metadata.namespace = input.namespace;
      if (definition.appLabel) metadata.labels = { app: input.labelValue };
      const object: K8sObject = definition.placement === 'top-level' ? { apiVersion, kind, metadata, ...content } : { apiVersion, kind, metadata, spec: content };
      return { objects: [object], answers: definition.answers?.(input.properties, input) };
    },
  };
  // Read on first use: the CLI loads every kind at each run, and a build reads the schemas of the types it uses only.
  Object.defineProperty(handler, 'properties', { get: properties, enumerable: true, configurable: true });
  if (hints) Object.defineProperty(handler, 'hints', { get: hints, enumerable: true, configurable: true });
  return handler;
}

/** A CRD kind the reference decodes typed, whose properties are its Go type's spec as they stand. */
function typedInReference(definition: KindDefinition<unknown>): boolean {
  const asGoType = definition.specIsGoType ?? definition.content === undefined;
  return asGoType && definition.placement !== 'top-level' && referenceRegistersCrdKind(definition.apiVersion, definition.kind);
}

/**
 * A kind whose properties are its spec, as its Go type: TypeMeta, ObjectMeta, the spec held by
 * value, and a status kurel does not model (a chart's status is kept as rendered).
 */
function wholeObject(spec: PropertySchema): PropertySchema {
  return {
    type: 'object',
    properties: {
      apiVersion: { type: 'string', go: { omitZero: true } },
      kind: { type: 'string', go: { omitZero: true } },
      metadata: { ...goObjectMetaSchema(), go: GO_STRUCT },
      spec: { ...spec, go: GO_STRUCT },
      status: {},
    },
  };
}

/** A value, or a function building it, as a function computing it once. */
function lazily<T extends object>(source: T | (() => T)): () => T {
  if (typeof source !== 'function') return () => source;
  let value: T | undefined;
  return () => (value ??= (source as () => T)());
}
