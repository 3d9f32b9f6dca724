// bin/kurel's lines for sh change two variables before Node starts (README.md, "How kurel starts
// fast"). Here they are put back as the user set them, before anything else runs, so that the
// programs kurel runs (helm, git) and the plugins it loads see the user's environment.

/** Where the deferred NODE_EXTRA_CA_CERTS is left for the host's HTTPS requests (src/host/network/extra-ca-certs.ts). */
const DEFERRED_CA_CERTS = Symbol.for('kurel.deferredExtraCaCerts');

/** Undoes what sh did: NODE_EXTRA_CA_CERTS back under its name, GLIBC_TUNABLES unset where sh set it. */
export function restoreEnvironment(env: NodeJS.ProcessEnv = process.env): void {
  const deferredCaCerts = env.KUREL_DEFERRED_EXTRA_CA_CERTS;
  if (deferredCaCerts !== undefined) {
    delete env.KUREL_DEFERRED_EXTRA_CA_CERTS;
    env.NODE_EXTRA_CA_CERTS = deferredCaCerts;
    (globalThis as Record<symbol, unknown>)[DEFERRED_CA_CERTS] = deferredCaCerts;
  }
  // The mark says sh set GLIBC_TUNABLES: the user had left it unset.
  if (env.KUREL_MALLOC_TUNABLES !== undefined) {
    delete env.KUREL_MALLOC_TUNABLES;
    delete env.GLIBC_TUNABLES;
  }
}
