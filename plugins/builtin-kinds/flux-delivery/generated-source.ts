import { createHash } from 'node:crypto';
import { isHandlerError, type DocumentInfo, type LoweringContext, type NameRoleInfo } from 'kurel/plugin-api';

// The Flux source a role rule generates beside its consumer (helm's inline source, oci's shared
// artifact). It is a component of the document, the document's own when no name is authored:
// `<document>-source-<first 10 hex of the SHA-256 of its content identity>`, emitted by the first
// consumer and adopted by every later one of the same identity.

const DIGEST_LENGTH = 10;

/** Where the name came from when no author wrote it: the default, so the remedy is to rename or name. */
const UNAUTHORED_REMEDY = 'rename that component, or name the source with source.name';

export interface GeneratedSourceName {
  name: string;
  /** Another consumer of the document already emitted it: reference it, emit nothing. */
  adopted: boolean;
}

/**
 * Names and claims the generated source of one consumer. `owner` is the rule's component type,
 * which leads its messages; `authored` is the consumer's source.name, if any; `kind` the source's. The name can be
 * neither the consumer's own (the two would be one sibling group, ordered after itself) nor that of
 * another component of the document.
 */
export function generatedSourceName(
  ctx: LoweringContext,
  owner: string,
  consumer: string,
  document: DocumentInfo,
  identity: string,
  authored: string | undefined,
  kind: string,
): GeneratedSourceName {
  const ownName = (name: string): void => {
    if (name !== consumer) return;
    if (authored !== undefined) ctx.fail(`${owner}: source.name "${name}" is the component's own name; the generated source is a component of the document too, so give it another name`, ['source', 'name']);
    ctx.fail(`${owner}: the generated source would be named "${name}", the component's own name; the generated source is a component of the document too, so ${UNAUTHORED_REMEDY}`);
  };
  if (authored !== undefined) ownName(authored);
  let claim: GeneratedSourceName;
  try {
    // Under role helm-source: the document's own when unauthored, the hook asked once for it.
    claim = ctx.resolveSharedName(document.name, `source-${sourceDigest(identity)}`, identity, {
      role: 'helm-source',
      kind: `${kind}.source.toolkit.fluxcd.io`,
      authored,
      property: 'source.name',
    });
  } catch (error) {
    if (isHandlerError(error)) ctx.fail(`${owner}: naming the generated source: ${error.message}`, authored !== undefined ? ['source', 'name'] : undefined);
    throw error;
  }
  ownName(claim.name);
  // An adopted source may already be a component of the document; a new one must not meet one.
  const other = claim.adopted ? undefined : document.components?.find((component) => component.name === claim.name);
  if (other) {
    if (authored !== undefined) {
      ctx.fail(`${owner}: source.name "${claim.name}" is the name of a ${other.type} component of the document; the generated source is a component of the document too, so give it another name`, ['source', 'name']);
    }
    ctx.fail(`${owner}: the generated source would be named "${claim.name}", the name of a ${other.type} component of the document; the generated source is a component of the document too, so ${UNAUTHORED_REMEDY}`);
  }
  return claim;
}

export function sourceDigest(identity: string): string {
  return createHash('sha256').update(identity).digest('hex').slice(0, DIGEST_LENGTH);
}

/**
 * JSON as Go's encoding/json writes it, HTML-safe: identities are built the reference's way, so a
 * generated source gets the name the reference gives it.
 */
export function goJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The role a generated Flux source is named under, by each rule that generates one (helm, oci). */
export const HELM_SOURCE_ROLE: NameRoleInfo = { role: 'helm-source', names: 'a generated Flux source', default: '<document>-source-<digest>', property: 'source.name', syntax: 'subdomain' };
