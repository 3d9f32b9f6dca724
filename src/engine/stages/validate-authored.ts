import { kurelErrors, type PropertiesSchema, type Properties } from '../../plugin-api/index.js';
import { componentProperties, describeValue } from '../../plugin-api/kit/index.js';
import { checkProperties, type SchemaIssue } from '../../plugin-api/kit/validate.js';
import type { Diagnostic } from '../../plugin-api/diagnostics.js';
import { refuseOrDrop, type Refusals } from '../run/refusals.js';
import { checkTraitConstraints } from '../policy/trait-constraints.js';
import { objectKindRules, type ObjectKindRules } from '../policy/object-kinds.js';
import type { BuildScope } from '../run/scope.js';
import { StageLog, type Logged } from '../run/stage-log.js';
import type { ParsedApplication } from '../documents/parsed.js';
import type { Origin, Path, WorkComponent, WorkPolicy, WorkTrait } from '../model.js';
import type { SealedRegistry } from '../registry.js';
import type { SourceDocument } from '../yaml/index.js';
import { bindingKeyFor, unsetByRendering, type ParsedProfile } from '../documents/profile.js';

export interface AuthoredElements {
  components: WorkComponent[];
  policies: WorkPolicy[];
  diagnostics: Diagnostic[];
}

export interface ValidatedDocument extends Logged {
  components: WorkComponent[];
  policies: WorkPolicy[];
  /** The policy's object-kind rules, read (and refused when malformed) before anything is lowered. */
  kindRules: ObjectKindRules | undefined;
}

/**
 * The validate box: every authored element checked against its type's schema (every refusal
 * reported at once), warned about where its type is deprecated, and held to the policy's trait
 * constraints and its object-kind rules read.
 */
export function validateDocument(app: ParsedApplication, namespace: string, registry: SealedRegistry, scope: BuildScope, source: SourceDocument, refusals?: Refusals): ValidatedDocument {
  const authored = validateAuthored(app, namespace, registry, source, scope.profile);
  let components = refuseOrDrop(authored.diagnostics, authored.components, refusals);
  const log = new StageLog();
  warnDeprecated(components, registry, log);
  components = refuseOrDrop(checkTraitConstraints(components, scope.policy, source), components, refusals);
  return { components, policies: authored.policies, kindRules: objectKindRules(scope.policy), log };
}

/**
 * Checks every authored component, trait and policy against its schema, collecting every
 * diagnostic. Top-level required trait keys are left to the transform: a capability rendering
 * may supply them. Below the top level a trait's required keys are checked as the rendering of
 * the binding it matches in `profile` will be merged into them; with no profile, as written.
 */
export function validateAuthored(app: ParsedApplication, namespace: string, registry: SealedRegistry, source: SourceDocument, profile?: ParsedProfile): AuthoredElements {
  const diagnostics: Diagnostic[] = [];
  const check = (
    described: { properties: PropertiesSchema; hints?: Record<string, string>; additionalProperties?: boolean } | undefined,
    properties: Properties,
    path: Path,
    label: string,
    topLevelRequired: boolean,
    owner: { component?: string; plugin?: string },
    rendering?: { capability: string; value: Properties },
  ): Properties => {
    if (!described) return properties;
    // Each message is joined to the label, not copied in with it: V8 keeps a long string's halves
    // where they are until it is printed, and a field refused with the fields allowed repeats a
    // few hundred characters a refusal. Nor is a message compared with the last to share one
    // string: V8 copies two joined strings of a length whole to compare them.
    const prefix = `${label}: `;
    // Each issue is made a diagnostic as it is found, and kept no longer. The plugin named is the
    // one whose schema refused the value. The owner is assigned onto the fresh place rather than
    // both spread into a new object, which V8 does key by key: for a file refused at each of its
    // keys that spread would be most of the cost of the refusal.
    // A rendering is never merged into a list: a key missing inside one is not the rendering's to set.
    const say = (issue: SchemaIssue) => (rendering && !issue.path.some((step) => typeof step === 'number') ? unsetByRendering(issue.message, rendering.capability) : issue.message);
    const issues = {
      push: (issue: SchemaIssue) => diagnostics.push(kurelErrors.property.diagnostic(prefix + say(issue), Object.assign(source.at([...path, 'properties', ...issue.path]), owner))),
    };
    const options = { refuseReserved: true, topLevelRequired, applyDefaults: topLevelRequired, hints: described.hints, additionalProperties: described.additionalProperties };
    return checkProperties(described.properties, properties, rendering ? { ...options, mergedUnder: rendering.value } : options, issues);
  };

  const origin = (extra: Partial<Origin>): Origin => ({ document: app.name, documentKind: 'Application', namespace, rule: '', ...extra });
  const components = app.components.map((component): WorkComponent => {
    const handlerEntry = registry.component(component.type);
    const ruleEntry = registry.componentRule(component.type);
    const handler = handlerEntry?.value;
    const described = handler ? { properties: componentProperties(handler), hints: handler.hints, additionalProperties: handler.additionalProperties } : ruleEntry?.value;
    const plugin = (handlerEntry ?? ruleEntry)?.plugin;
    const label = `component "${component.name}" (type "${component.type}")`;
    const traits = component.traits.map((trait): WorkTrait => {
      const { scope, ...rest } = trait.properties;
      if (scope !== undefined && scope !== null && typeof scope !== 'string') {
        diagnostics.push(kurelErrors.property.diagnostic(`component "${component.name}" trait "${trait.type}": scope: expected a string, got ${describeValue(scope)}`, source.at([...trait.path, 'properties', 'scope'])));
      }
      const traitEntry = registry.trait(trait.type) ?? registry.traitRule(trait.type) ?? registry.traitDeclaration(trait.type);
      const capability = profile && bindingKeyFor(profile, trait.type, scope);
      const rendering = capability ? { capability, value: profile.bindings.get(capability) ?? {} } : undefined;
      return {
        type: trait.type,
        properties: check(traitEntry?.value, rest, trait.path, `component "${component.name}" trait "${trait.type}"`, false, { component: component.name, plugin: traitEntry?.plugin }, rendering),
        scope: typeof scope === 'string' && scope !== '' ? scope : undefined,
        origin: origin({ component: component.name, componentType: component.type, traitType: trait.type }),
        path: trait.path,
        emitted: false,
        sealed: false,
      };
    });
    const { properties, optional } = takeOptional(component.properties, described?.properties, [...component.path, 'properties', 'optional'], label, diagnostics, source);
    return {
      name: component.name,
      type: component.type,
      properties: check(described, properties, component.path, label, true, { component: component.name, plugin }),
      ...(optional ? { optional } : {}),
      annotations: component.annotations,
      traits,
      orderAfter: [],
      origin: origin({ component: component.name, componentType: component.type }),
      path: component.path,
      emitted: false,
    };
  });
  const policies = app.policies.map((policy): WorkPolicy => {
    const entry = registry.policy(policy.type) ?? registry.policyRule(policy.type) ?? registry.policyDeclaration(policy.type);
    return {
      name: policy.name,
      type: policy.type,
      properties: check(entry?.value, policy.properties, policy.path, `policy "${policy.name}" (type "${policy.type}")`, true, { plugin: entry?.plugin }),
      origin: origin({ policy: policy.name }),
      path: policy.path,
      emitted: false,
    };
  });
  return { components, policies, diagnostics };
}

/**
 * The engine-owned `optional` key of a component's properties, taken out before its schema sees
 * them; a type that declares a property of that name keeps it as its own.
 */
function takeOptional(properties: Properties, schema: PropertiesSchema | undefined, path: Path, label: string, diagnostics: Diagnostic[], source: SourceDocument): { properties: Properties; optional: boolean } {
  if (!('optional' in properties) || (schema && 'optional' in schema)) return { properties, optional: false };
  const { optional, ...rest } = properties;
  if (optional !== null && typeof optional !== 'boolean') {
    diagnostics.push(kurelErrors.property.diagnostic(`${label}: optional: expected true or false, got ${describeValue(optional)}`, source.at(path)));
  }
  return { properties: rest, optional: optional === true };
}

/** Every authored element of a deprecated type is warned about once, in document order. */
function warnDeprecated(components: readonly WorkComponent[], registry: SealedRegistry, log: StageLog): void {
  for (const component of components) {
    const contract = (registry.component(component.type) ?? registry.componentRule(component.type))?.value.contract;
    if (contract?.deprecated) log.warn(`component "${component.name}": type ${component.type} is deprecated${contract.deprecationMessage ? `: ${contract.deprecationMessage}` : ''}`);
    for (const trait of component.traits) {
      const traitContract = (registry.trait(trait.type) ?? registry.traitRule(trait.type))?.value.contract;
      if (traitContract?.deprecated) log.warn(`component "${component.name}": trait type ${trait.type} is deprecated${traitContract.deprecationMessage ? `: ${traitContract.deprecationMessage}` : ''}`);
    }
  }
}
