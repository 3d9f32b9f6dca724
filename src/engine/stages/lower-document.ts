import { stringify } from 'yaml';
import { isHandlerError, type AuthoredDocument, type LoweringRule, kurelErrors } from '../../plugin-api/index.js';
import { isPlainObject } from '../../plugin-api/kit/index.js';
import { SUPPORTED_API_VERSION } from '../documents/parsed.js';
import { MAX_LOWERING_ROUNDS } from './lower.js';
import type { LoweringStep } from '../model.js';
import { NameAllocator } from '../naming/name-allocator.js';
import { documentRuleContext } from '../naming/name-claims.js';
import { ruleIdentity, type SealedRegistry } from '../registry.js';
import { handlerContext } from '../run/handler-context.js';
import type { BuildScope } from '../run/scope.js';
import { StageLog, type Logged } from '../run/stage-log.js';
import { readDocument, type SourceDocument } from '../yaml/index.js';

/**
 * Rewrites a document of a kind a raw-document or document rule claims until it is an
 * Application. kurel build renders one Application, so a rule here emits exactly one document.
 */
export function lowerDocument(source: SourceDocument, registry: SealedRegistry, scope: BuildScope): Logged & { source: SourceDocument; steps: LoweringStep[] } {
  const log = new StageLog();
  const steps: LoweringStep[] = [];
  const names = new NameAllocator();
  let current = source;
  for (let round = 0; ; round++) {
    const look = current.peek();
    if (!isPlainObject(look)) return { source: current, steps, log };
    const rule = claimingRule(look, registry);
    if (!rule) return { source: current, steps, log };
    const raw = current.toJS() as Record<string, unknown>;
    const identity = ruleIdentity(rule);
    const name = String((raw.metadata as Record<string, unknown> | undefined)?.name ?? '');
    const where = { ...current.at([]), path: undefined };
    if (round >= MAX_LOWERING_ROUNDS - 1) {
      throw kurelErrors.lowering(`lowering document "${name}" (kind "${String(raw.kind)}"): oam: lowering exceeded max recursion depth${chain(steps)}`, where);
    }
    const namespace = String((raw.metadata as Record<string, unknown> | undefined)?.namespace ?? 'default');
    const ctx = { ...handlerContext(scope, log, namespace), ...documentRuleContext(names.namer(namespace, `document "${name}"`, round, name), registry) };
    let documents: AuthoredDocument[];
    try {
      const result = rule.position === 'rawdocument' ? rule.lower({ document: raw }, ctx) : (rule as Extract<LoweringRule, { position: 'document' }>).lower({ document: raw as unknown as AuthoredDocument }, ctx);
      documents = result.documents ?? [];
    } catch (error) {
      if (isHandlerError(error)) throw kurelErrors.lowering(`lowering document "${name}" (kind "${String(raw.kind)}"): ${error.message}${chain(steps)}`, current.at(error.path as (string | number)[]));
      throw error;
    }
    if (documents.length !== 1) {
      const cause = documents.length === 0 ? 'emitted nothing; an empty result would delete the authored document' : `emitted ${documents.length} documents; kurel build renders one Application`;
      throw kurelErrors.lowering(`lowering document "${name}" (kind "${String(raw.kind)}"): lowering rule ${identity} ${cause}${chain(steps)}`, where);
    }
    steps.push({ rule: identity, position: rule.position, round, from: name, to: [documents[0].metadata?.name ?? ''] });
    current = readDocument({ file: `${source.file} (as lowered by ${identity})`, text: stringify(documents[0], withoutSteps) }, 'lowered document');
  }
}

function claimingRule(raw: Record<string, unknown>, registry: SealedRegistry): LoweringRule | undefined {
  const apiVersion = String(raw.apiVersion ?? '');
  const kind = String(raw.kind ?? '');
  const raws = registry.rawDocumentRule(apiVersion, kind)?.value;
  if (raws) return raws;
  if (apiVersion === SUPPORTED_API_VERSION && kind !== 'Application') return registry.documentRule(kind)?.value;
  return undefined;
}

/** A post-policy step is part of a component value, not of its text: serializing drops it. */
function withoutSteps(_key: unknown, value: unknown): unknown {
  return Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'function') ? undefined : value;
}

function chain(steps: LoweringStep[]): string {
  return steps.map((step) => `\n  round ${step.round}: ${step.rule} "${step.from}" -> [${step.to.join(' ')}]`).join('');
}
