import { createHash } from 'node:crypto';
import { HandlerError, type Namer } from '../../plugin-api/index.js';
import { isDns1123Subdomain, shortenName } from '../../plugin-api/kit/index.js';

const NAME_LIMIT = 253;

interface Claim {
  claimant: string;
  round: number;
  document: string;
  /** Set for a name claimed through emit-or-adopt. */
  identity?: string;
}

/**
 * Claims generated names for one build, scoped by namespace: two elements of different
 * namespaces may generate the same name, two of one namespace may not. Identities are shown only
 * as a short SHA-256 digest, so they may hold sensitive inputs.
 */
export class NameAllocator {
  private readonly claims = new Map<string, Claim>();

  /** A Namer bound to the element that claims through it, in a lowering round of a document. */
  namer(namespace: string, claimant: string, round = 0, document = ''): Namer {
    const claim = { claimant, round, document };
    return {
      name: (base, suffix) => this.claim(namespace, this.build(base, suffix), claim),
      reserve: (name) => this.claim(namespace, this.checked(name), claim),
      emitOrAdopt: (name, identity) => this.adopt(namespace, this.checked(name), identity, claim),
      nameOrAdopt: (base, suffix, identity) => this.adopt(namespace, this.build(base, suffix), identity, claim),
    };
  }

  private build(base: string, suffix: string): string {
    return this.checked(shortenName(`${base}-${suffix}`, NAME_LIMIT));
  }

  private checked(name: string): string {
    if (!isDns1123Subdomain(name)) {
      throw new HandlerError(`lowering: generated name "${name}" is not a valid DNS-1123 subdomain: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`);
    }
    return name;
  }

  private claim(namespace: string, name: string, claim: Omit<Claim, 'identity'>): string {
    const key = `${namespace}/${name}`;
    const holder = this.claims.get(key);
    if (holder) throw collision(name, holder, claim);
    this.claims.set(key, claim);
    return name;
  }

  private adopt(namespace: string, name: string, identity: string, claim: Omit<Claim, 'identity'>): { name: string; adopted: boolean } {
    if (identity === '') throw new HandlerError(`lowering: generated name "${name}" is claimed with an empty identity; emit-or-adopt needs the inputs that shape the element`);
    const key = `${namespace}/${name}`;
    const holder = this.claims.get(key);
    if (!holder) {
      this.claims.set(key, { ...claim, identity });
      return { name, adopted: false };
    }
    if (holder.identity === undefined) throw collision(name, holder, claim);
    if (holder.identity !== identity) {
      throw new HandlerError(
        `lowering: generated name "${name}" collides — ${holder.claimant} claimed it for identity ${digest(holder.identity)}, ${claim.claimant} for identity ${digest(identity)}`,
      );
    }
    if (holder.document !== claim.document) {
      throw new HandlerError(`lowering: generated name "${name}" collides — ${holder.claimant} claimed it in another document, which is transformed on its own`);
    }
    return { name, adopted: true };
  }
}

function collision(name: string, holder: Claim, claim: Omit<Claim, 'identity'>): HandlerError {
  if (holder.claimant !== claim.claimant) return new HandlerError(`lowering: generated name "${name}" collides — already used by ${holder.claimant}, also wanted by ${claim.claimant}`);
  if (holder.round === claim.round) return new HandlerError(`lowering: generated name "${name}" collides — ${holder.claimant} already used it for a different emitted element in the same lowering round`);
  return new HandlerError(`lowering: generated name "${name}" collides — ${holder.claimant} already used it in an earlier lowering round`);
}

function digest(identity: string): string {
  return `sha256:${createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}
