import { isHandlerError, type LoweringContext, type PropertiesSchema, type RawDocumentLoweringRule, kurelErrors } from '../../plugin-api/index.js';
import { componentProperties, copyData, isPlainObject, validateProperties } from '../../plugin-api/kit/index.js';
import { SUPPORTED_API_VERSION } from '../documents/parsed.js';
import type { LoweringStep } from '../model.js';
import { NameAllocator } from '../naming/name-allocator.js';
import { documentRuleContext } from '../naming/name-claims.js';
import { DEFAULT_PROFILE_TEXT, parseProfile } from '../documents/profile.js';
import { ruleIdentity, type SealedRegistry } from '../registry.js';
import { handlerContext } from '../run/handler-context.js';
import { buildScope, type TransformSettings } from '../run/scope.js';
import { StageLog } from '../run/stage-log.js';
import { readDocument } from '../yaml/index.js';

type Raw = Record<string, unknown>;

export interface LowerRawsResult {
  /** The documents in input order: each claimed input replaced by what its rule emitted, the others passed through. */
  documents: Raw[];
  /** One step per claimed input, in input order. */
  steps: LoweringStep[];
}

/**
 * The raw-document entry: every input a raw-document rule claims (by apiVersion and kind) is
 * rewritten once, as a person would author it; nothing else is lowered here. One name allocator
 * spans the call, scoped by each document's namespace (`default` when it names none). Checked
 * across the call: duplicate documents (pass-through ones included), an empty result, each
 * emitted document's apiVersion (kurel's or the group its rule claims), and the component and
 * policy properties of each emitted Application against their types' schemas. Emitted traits are
 * not checked: the authored-property check before the transform is the caller's.
 */
export function lowerRaws(raws: readonly Raw[], registry: SealedRegistry, settings: TransformSettings): LowerRawsResult {
  const scope = buildScope(settings, parseProfile(readDocument({ file: '<default profile>', text: DEFAULT_PROFILE_TEXT }, 'profile file')));
  // A raw document's rule runs before any build: what it warns about is not reported.
  const log = new StageLog();
  const names = new NameAllocator();
  const documents: Raw[] = [];
  const steps: LoweringStep[] = [];
  raws.forEach((raw, index) => {
    const rule = isPlainObject(raw) ? registry.rawDocumentRule(String(raw.apiVersion ?? ''), String(raw.kind ?? ''))?.value : undefined;
    if (!rule) {
      documents.push(raw);
      return;
    }
    const { name, namespace } = identity(raw);
    const where = `document "${name}" in document "${name}" (kind "${String(raw.kind)}")`;
    const fail = (cause: string, step?: LoweringStep): never => {
      throw kurelErrors.lowering(`lowering ${where}: ${cause}${step ? chainLine(step) : ''}`);
    };
    const ctx: LoweringContext = { ...handlerContext(scope, log, namespace), ...documentRuleContext(names.namer(namespace, `document "${name}"`, 0, `${index}`), registry) };
    let emitted: Raw[];
    try {
      emitted = (rule.lower({ document: copyData(raw) }, ctx).documents ?? []) as unknown as Raw[];
    } catch (error) {
      if (isHandlerError(error)) return fail(error.message);
      throw error;
    }
    if (emitted.length === 0) fail(`lowering rule ${ruleIdentity(rule)} emitted nothing; an empty result would delete the authored document`);
    const step: LoweringStep = { rule: ruleIdentity(rule), position: 'rawdocument', round: 0, from: name, to: emitted.map((document) => identity(document).name) };
    for (const document of emitted) {
      const problem = apiVersionProblem(document, rule) ?? applicationProblem(document, registry);
      if (problem) fail(`lowering rule ${step.rule} emitted ${problem}`, step);
    }
    documents.push(...emitted);
    steps.push(step);
  });
  rejectDuplicates(documents);
  return { documents, steps };
}

function identity(document: Raw): { name: string; namespace: string } {
  const metadata = isPlainObject(document.metadata) ? document.metadata : {};
  return { name: String(metadata.name ?? ''), namespace: typeof metadata.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : 'default' };
}

/** An emitted document is kurel's, or of the API group its rule claims. */
function apiVersionProblem(document: Raw, rule: RawDocumentLoweringRule): string | undefined {
  const apiVersion = String(document.apiVersion ?? '');
  const group = rule.apiVersion.split('/')[0];
  if (apiVersion === SUPPORTED_API_VERSION || apiVersion.split('/')[0] === group) return undefined;
  return `document "${identity(document).name}" of apiVersion "${apiVersion}": a raw rule emits ${SUPPORTED_API_VERSION} or ${group} documents`;
}

/** The components and policies of an emitted Application, each on its own copy, against its type's schema. */
function applicationProblem(document: Raw, registry: SealedRegistry): string | undefined {
  if (document.kind !== 'Application' || !isPlainObject(document.spec)) return undefined;
  const check = (label: string, schema: PropertiesSchema | undefined, properties: unknown, additionalProperties?: boolean): string | undefined => {
    if (!schema || !isPlainObject(properties)) return undefined;
    const issue = validateProperties(schema, copyData(properties), { topLevelRequired: true, additionalProperties }).issues[0];
    return issue ? `${label}: properties${issue.path.length ? '.' : ''}${issue.path.join('.')}: ${issue.message}` : undefined;
  };
  for (const component of asList(document.spec.components)) {
    const type = String(component.type ?? '');
    const handler = registry.component(type)?.value;
    const schema = handler ? componentProperties(handler) : registry.componentRule(type)?.value.properties;
    const problem = check(`component "${String(component.name)}" (type "${type}")`, schema, component.properties ?? {}, handler?.additionalProperties);
    if (problem) return problem;
  }
  for (const policy of asList(document.spec.policies)) {
    const type = String(policy.type ?? '');
    const schema = registry.policy(type)?.value.properties ?? registry.policyRule(type)?.value.properties;
    const problem = check(`policy "${String(policy.name)}" (type "${type}")`, schema, policy.properties ?? {});
    if (problem) return problem;
  }
  return undefined;
}

function asList(value: unknown): Raw[] {
  return Array.isArray(value) ? value.filter(isPlainObject) : [];
}

/** Two documents of one kind, name and namespace would be one object of the cluster twice. */
function rejectDuplicates(documents: readonly Raw[]): void {
  const seen = new Map<string, number>();
  documents.forEach((document, index) => {
    const { name, namespace } = identity(document);
    const key = `${String(document.apiVersion)}|${String(document.kind)}|${namespace}|${name}`;
    const first = seen.get(key);
    if (first !== undefined) {
      throw kurelErrors.lowering(`duplicate document: ${String(document.kind)} "${namespace}/${name}" is documents[${first}] and documents[${index}] after lowering; each document must be one`);
    }
    seen.set(key, index);
  });
}

function chainLine(step: LoweringStep): string {
  return `\n  round ${step.round}: ${step.rule} "${step.from}" -> [${step.to.join(' ')}]`;
}
