import { isDns1123Subdomain, shortenName, HandlerError, type Namer } from '../plugin-api/index.js';

const NAME_LIMIT = 253;

/**
 * Claims generated names for one build, scoped by namespace: two elements of different
 * namespaces may generate the same name, two of one namespace may not.
 */
export class NameAllocator {
  private readonly claims = new Map<string, string>();

  /** A Namer bound to the element that claims through it. */
  namer(namespace: string, claimant: string): Namer {
    return {
      name: (base, suffix) => this.claim(namespace, shortenName(`${base}-${suffix}`, NAME_LIMIT), claimant),
      reserve: (name) => this.claim(namespace, name, claimant),
    };
  }

  private claim(namespace: string, name: string, claimant: string): string {
    if (!isDns1123Subdomain(name)) throw new HandlerError(`generated name "${name}" is not a valid DNS-1123 subdomain`);
    const key = `${namespace}/${name}`;
    const holder = this.claims.get(key);
    if (holder !== undefined) throw new HandlerError(`generated name "${name}" collides: already claimed by ${holder}`);
    this.claims.set(key, claimant);
    return name;
  }
}
