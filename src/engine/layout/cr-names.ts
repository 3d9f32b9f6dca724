import { createHash } from 'node:crypto';
import { dns1123SubdomainErrors } from '../../plugin-api/kit/index.js';

/** A Flux Kustomization name: a DNS-1123 subdomain, and at most 63 characters (it labels what it applies). */
export const KUSTOMIZATION_NAME_LIMIT = 63;

/** Why `name` cannot name a Flux Kustomization; undefined when it can. */
export function kustomizationNameProblem(name: string): string | undefined {
  const errors = dns1123SubdomainErrors(name);
  if (errors.length > 0) return `not a valid DNS-1123 subdomain: ${errors.join('; ')}`;
  if (name.length > KUSTOMIZATION_NAME_LIMIT) return `it is ${name.length} characters long, and a Flux Kustomization name is at most ${KUSTOMIZATION_NAME_LIMIT}`;
  return undefined;
}

/**
 * The default name of a per-layout Kustomization, `<unit>-<layout>`, held to 63 characters as kure
 * holds it: kept whole when it fits; else the layout's own name is kept (its end tells siblings
 * apart) behind as much of the unit as fits and an 8-hex hash of the whole; a layout name too long
 * for that keeps its first 54 characters before the hash.
 */
export function unitLayoutName(unit: string, name: string): string {
  const composed = `${unit}-${name}`;
  if (composed.length <= KUSTOMIZATION_NAME_LIMIT) return composed;
  const hash = createHash('sha256').update(composed).digest('hex').slice(0, 8);
  if (name.length > 54) {
    const prefix = trimTrailing(name.slice(0, 54));
    return prefix === '' ? hash : `${prefix}-${hash}`;
  }
  const keep = KUSTOMIZATION_NAME_LIMIT - name.length - 8 - 2;
  const unitPrefix = keep > 0 ? trimTrailing(unit.slice(0, keep)) : '';
  return unitPrefix !== '' ? `${unitPrefix}-${hash}-${name}` : `${hash}-${name}`;
}

function trimTrailing(text: string): string {
  return text.replace(/[-.]+$/, '');
}
