import { kurelErrors } from '../../plugin-api/index.js';
import { componentLabelValue, didYouMean, isDns1123Label, isDns1123Subdomain } from '../../plugin-api/kit/index.js';
import { type ParsedApplication, type ParsedComponent, type ParsedPolicy, type ParsedTrait } from '../documents/parsed.js';
import { isKurelError, KurelError, type Diagnostic } from '../../plugin-api/diagnostics.js';
import { overLimit } from '../yaml/index.js';
import type { SealedRegistry } from '../registry.js';
import { checkEnvelope, ShapeReader } from '../documents/shape.js';
import type { SourceDocument } from '../yaml/index.js';
import type { Refusals } from '../run/refusals.js';
import type { TransformSettings } from '../run/scope.js';

export interface ParseApplicationOptions {
  registry: SealedRegistry;
  /** Trait types a CapabilityDefinition declares, authorable beside the registered ones. */
  extraTraitTypes: readonly string[];
  /**
   * Where a run that collects reports every component refused, not only the first (for `check`):
   * the components' own shape, names and types, before what compares them. The run goes on
   * without them.
   */
  refusals?: Refusals;
}

/** The type names a component or trait may have, sorted once for the whole document. */
interface KnownTypes {
  componentTypes: readonly string[];
  traitTypes: readonly string[];
}

/** Strictly decodes an Application and checks its names and types against the sealed registry. */
export function parseApplication(source: SourceDocument, options: ParseApplicationOptions): ParsedApplication {
  const reader: ShapeReader = new ShapeReader(source);
  const root = reader.map(source.toJS(), [], ['apiVersion', 'kind', 'metadata', 'spec']);
  checkEnvelope(reader, root, 'Application');

  const metadata = reader.map(root.metadata ?? {}, ['metadata'], ['name', 'namespace', 'labels', 'annotations']);
  const name = reader.optionalString(metadata.name, ['metadata', 'name']);
  if (!name) reader.fail(['metadata'], 'metadata.name is required');
  if (!isDns1123Subdomain(name)) reader.fail(['metadata', 'name'], `metadata.name "${name}" is not a valid DNS-1123 subdomain`, kurelErrors.invalidName);
  const namespace = reader.optionalString(metadata.namespace, ['metadata', 'namespace']);
  if (namespace !== undefined) checkNamespace(reader, namespace, ['metadata', 'namespace']);

  const spec = reader.map(root.spec ?? {}, ['spec'], ['components', 'policies']);
  const components = reader.optionalList(spec.components, ['spec', 'components']);
  if (components.length === 0) reader.fail(['spec'], 'spec.components must contain at least one component');
  const { components: limit } = source.limits;
  if (components.length > limit) throw overLimit('components', limit, `component ${limit + 1}`, source.at(['spec', 'components', limit]));

  const known: KnownTypes = { componentTypes: options.registry.componentTypes(), traitTypes: [...new Set([...options.registry.traitTypes(), ...options.extraTraitTypes])].sort() };
  const parsedComponents: ParsedComponent[] = [];
  const refused: Diagnostic[] = [];
  components.forEach((component, index) => {
    try {
      parsedComponents.push(parseComponent(reader, component, ['spec', 'components', index], options, known));
    } catch (error) {
      if (!options.refusals || !isKurelError(error)) throw error;
      refused.push(...error.diagnostics);
    }
  });
  if (refused.length > 0) options.refusals!.report(refused);
  rejectDuplicates(reader, parsedComponents, 'component');
  rejectSharedLabelValues(reader, parsedComponents);
  const parsedPolicies = reader
    .optionalList(spec.policies, ['spec', 'policies'])
    .map((policy, index) => parsePolicy(reader, policy, ['spec', 'policies', index]));
  rejectDuplicates(reader, parsedPolicies, 'policy');

  return {
    name,
    namespace,
    labels: reader.stringMap(metadata.labels, ['metadata', 'labels']),
    annotations: reader.stringMap(metadata.annotations, ['metadata', 'annotations']),
    components: parsedComponents,
    policies: parsedPolicies,
  };
}


/** Every namespace is a DNS-1123 label, the rule the apiserver applies. */
export function namespaceProblem(namespace: string): string | undefined {
  if (isDns1123Label(namespace)) return undefined;
  return `namespace "${namespace}" is not a valid DNS-1123 label (at most 63 lowercase alphanumeric characters or '-', starting and ending with an alphanumeric character, no dots)`;
}

function checkNamespace(reader: ShapeReader, namespace: string, path: (string | number)[]): void {
  const problem = namespaceProblem(namespace);
  if (problem) reader.fail(path, problem, kurelErrors.invalidName);
}

function parseComponent(reader: ShapeReader, value: unknown, path: (string | number)[], options: ParseApplicationOptions, known: KnownTypes): ParsedComponent {
  const component = reader.map(value, path, ['name', 'type', 'properties', 'traits', 'annotations']);
  const name = reader.optionalString(component.name, [...path, 'name']);
  if (!name) reader.fail(path, `${path[0]}.${path[1]}[${path[2]}].name is required`);
  if (!isDns1123Subdomain(name)) reader.fail([...path, 'name'], `component name "${name}" is not a valid DNS-1123 subdomain`, kurelErrors.invalidName);
  const type = reader.optionalString(component.type, [...path, 'type']);
  if (!type) reader.fail(path, `component "${name}" missing type`);
  const { componentTypes } = known;
  if (!componentTypes.includes(type)) {
    reader.fail([...path, 'type'], `invalid value "${type}" for "type" in "${name}"; ${didYouMean(type, componentTypes) || `must be one of: ${componentTypes.join(', ')}`}`, kurelErrors.unknownType);
  }
  const traits = reader.optionalList(component.traits, [...path, 'traits']).map((trait, index) => parseTrait(reader, trait, [...path, 'traits', index], name, type, options, known));
  return {
    name,
    type,
    properties: reader.optionalMap(component.properties, [...path, 'properties']),
    annotations: reader.stringMap(component.annotations, [...path, 'annotations']),
    traits,
    path,
  };
}

function parseTrait(
  reader: ShapeReader,
  value: unknown,
  path: (string | number)[],
  componentName: string,
  componentType: string,
  options: ParseApplicationOptions,
  known: KnownTypes,
): ParsedTrait {
  const trait = reader.map(value, path, ['type', 'properties']);
  const type = reader.optionalString(trait.type, [...path, 'type']);
  if (!type) reader.fail(path, `component "${componentName}" trait[${path[path.length - 1]}] missing type`);
  const { traitTypes } = known;
  if (!traitTypes.includes(type)) {
    reader.fail([...path, 'type'], `invalid value "${type}" for "type" in "${componentName}"; ${didYouMean(type, traitTypes) || `must be one of: ${traitTypes.join(', ')}`}`, kurelErrors.unknownType);
  }
  // A restriction is checked here only on a type a handler renders: a lowerable type is checked
  // on the members its rule emits.
  const restriction = options.registry.trait(type)?.value.componentTypes;
  const lowerable = options.registry.componentRule(componentType) !== undefined;
  if (restriction && !lowerable && !restriction.includes(componentType)) {
    reader.fail(
      [...path, 'type'],
      `trait "${type}" is not supported on component type "${componentType}" (component "${componentName}"); supported types: ${restriction.join(', ')}`,
      kurelErrors.traitNotSupported,
    );
  }
  return { type, properties: reader.optionalMap(trait.properties, [...path, 'properties']), path };
}

function parsePolicy(reader: ShapeReader, value: unknown, path: (string | number)[]): ParsedPolicy {
  const policy = reader.map(value, path, ['name', 'type', 'properties']);
  const name = reader.optionalString(policy.name, [...path, 'name']);
  if (!name) reader.fail(path, `spec.policies[${path[2]}].name is required`);
  if (!isDns1123Subdomain(name)) reader.fail([...path, 'name'], `policy name "${name}" is not a valid DNS-1123 subdomain`, kurelErrors.invalidName);
  const type = reader.optionalString(policy.type, [...path, 'type']);
  if (!type) reader.fail(path, `policy "${name}" missing type`);
  return { name, type, properties: reader.optionalMap(policy.properties, [...path, 'properties']), path };
}

/**
 * The app label and every selector built from it use the component's label value, so two
 * components may not share one: a name equal to another's projection, or two long names whose
 * prefix and digest coincide.
 */
function rejectSharedLabelValues(reader: ShapeReader, components: ParsedComponent[]): void {
  const holders = new Map<string, string>();
  for (const component of components) {
    const value = componentLabelValue(component.name);
    const holder = holders.get(value);
    if (holder !== undefined) {
      reader.fail(
        [...component.path, 'name'],
        `components "${holder}" and "${component.name}" share the component label value "${value}": their app labels and every selector built from them would match both components' pods; rename one of them`,
        kurelErrors.invalidName,
      );
    }
    holders.set(value, component.name);
  }
}

function rejectDuplicates(reader: ShapeReader, elements: Array<{ name: string; path: (string | number)[] }>, what: string): void {
  const seen = new Set<string>();
  for (const element of elements) {
    if (seen.has(element.name)) reader.fail([...element.path, 'name'], `duplicate ${what} name "${element.name}"`, kurelErrors.invalidName);
    seen.add(element.name);
  }
}

/** The namespace the document's objects land in: `--namespace`, else the document's, else `default`. */
export function documentNamespace(settings: Pick<TransformSettings, 'namespace' | 'fluxNamespace'>, app: ParsedApplication): string {
  if (settings.namespace !== undefined) {
    const problem = namespaceProblem(settings.namespace);
    if (problem) throw kurelErrors.flag(`--namespace: ${problem}`);
  }
  if (settings.fluxNamespace !== undefined) {
    const problem = namespaceProblem(settings.fluxNamespace);
    if (problem) throw kurelErrors.config(`fluxNamespace: ${problem}`);
  }
  return settings.namespace ?? app.namespace ?? 'default';
}
