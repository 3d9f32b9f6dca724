import type { HandlerContext } from '../../context.js';
import type { PropertyPath } from '../../errors.js';
import { RefusalClass } from '../../policy.js';

/**
 * Holds where a source is fetched from (a chart repository or Git URL, an OCI artifact, a bare
 * `oci://` reference, an S3 bucket endpoint) to the policy's allowed registries, with the
 * `registry` class. A list entry `*.example.org` allows every host below example.org; an entry
 * with a port allows that port only. An empty list allows every host.
 */
export function enforceAllowedRegistry(location: unknown, ctx: HandlerContext, path: PropertyPath, what: string): void {
  const allowed = ctx.policy.allowedRegistries();
  if (allowed.length === 0 || typeof location !== 'string' || location === '') return;
  const host = locationHost(location);
  if (host !== undefined && registryAllowed(host, allowed)) return;
  ctx.violate(RefusalClass.registry, `${what} ${JSON.stringify(location)}: host ${JSON.stringify(host ?? '')} is not one of the allowed registries [${allowed.join(' ')}]`, path);
}

/** The host (with its port, when written) of a URL, an scp-like Git address, or a bare endpoint. */
export function locationHost(location: string): string | undefined {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(location);
  let rest = scheme ? location.slice(scheme[0].length) : location;
  if (!scheme) {
    // `git@github.com:org/repo.git`: the host sits between the user and the colon.
    const scp = /^[^@/]+@([^:/]+):/.exec(rest);
    if (scp) return scp[1].toLowerCase();
  }
  rest = rest.split(/[/?#]/)[0];
  rest = rest.slice(rest.lastIndexOf('@') + 1);
  return rest === '' ? undefined : rest.toLowerCase();
}

function registryAllowed(hostWithPort: string, allowed: string[]): boolean {
  const host = hostWithPort.replace(/:\d+$/, '');
  return allowed.some((raw) => {
    const entry = raw.toLowerCase().replace(/\/+$/, '');
    if (entry.startsWith('*.')) return host.endsWith(entry.slice(1));
    return entry === hostWithPort || entry === host;
  });
}
