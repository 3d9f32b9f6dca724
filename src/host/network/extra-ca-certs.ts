import { readFileSync } from 'node:fs';

/** Set by bin/kurel to the file NODE_EXTRA_CA_CERTS names, when it kept Node from reading it as it started. */
const DEFERRED = Symbol.for('kurel.deferredExtraCaCerts');

type Fetch = typeof fetch;

let trusting: Promise<Fetch> | undefined;

/**
 * The fetch for an HTTPS request: one that trusts what NODE_EXTRA_CA_CERTS adds to Node's own
 * roots, where bin/kurel kept Node from reading those certificates as it started (Node 20 reads
 * them at every start, and most runs make no request). Node's own fetch where Node read them
 * itself, or none are named. Made once, at the first request.
 */
export function httpsFetch(): Promise<Fetch> {
  const file = (globalThis as Record<symbol, unknown>)[DEFERRED];
  if (typeof file !== 'string' || file === '') return Promise.resolve(fetch);
  return (trusting ??= fetchTrusting(file));
}

async function fetchTrusting(file: string): Promise<Fetch> {
  let extra: string;
  try {
    extra = readFileSync(file, 'utf8');
  } catch (error) {
    // What Node does with a file it cannot read: it says so and trusts its own roots.
    process.emitWarning(`Ignoring extra certs from \`${file}\`, load failed: ${(error as Error).message}`);
    return fetch;
  }
  // Loaded here, not at the top: tls brings crypto with it, some milliseconds a run making no
  // request would pay. undici's fetch with undici's agent, whatever version Node's own fetch is.
  const [{ rootCertificates }, undici] = await Promise.all([import('node:tls'), import('undici')]);
  const dispatcher = new undici.Agent({ connect: { ca: [...rootCertificates, extra] } });
  const trusted = (url: string | URL, init?: RequestInit) => undici.fetch(url, { ...(init as object), dispatcher });
  // Node's fetch is undici's: the same Response, whose types in undici 6 lack a member kurel never
  // reads (`bytes`).
  return trusted as unknown as Fetch;
}
