import { createHash } from 'node:crypto';
import valid from 'semver/functions/valid.js';
import maxSatisfying from 'semver/ranges/max-satisfying.js';
import validRange from 'semver/ranges/valid.js';
import { parse } from 'yaml';
import type { ChartRequest } from '../../plugin-api/index.js';
import { checkedFetch, okBody, type FetchFailure, type FetchPolicy } from '../network/checked-fetch.js';

interface IndexEntry {
  version?: unknown;
  urls?: unknown;
  digest?: unknown;
}

/**
 * Downloads a chart archive from a Helm HTTP repository as helm finds it: `<repo>/index.yaml`,
 * the entry of the chart whose version matches (the newest stable one when no version is
 * asked for), its first URL resolved against the repository. kurel fetches both itself, so that
 * the index, the archive and every redirect of either are held to the allowed registries, and
 * checks the archive against the digest the index states.
 */
export async function pullFromHelmRepository(chart: ChartRequest, policy: FetchPolicy, fail: FetchFailure): Promise<Buffer> {
  const base = chart.source.url.replace(/\/+$/, '');
  const indexText = (await okBody(await checkedFetch(`${base}/index.yaml`, { policy, fail }), fail)).toString('utf8');
  let index: { entries?: Record<string, unknown> };
  try {
    index = parse(indexText, { maxAliasCount: 100 }) ?? {};
  } catch (error) {
    throw fail(`${base}/index.yaml is not a Helm repository index: ${(error as Error).message}`);
  }
  const entries = index.entries?.[chart.chart!];
  if (!Array.isArray(entries) || entries.length === 0) throw fail(`the repository ${base} has no chart "${chart.chart}"`);
  const entry = pickVersion(entries as IndexEntry[], chart.version);
  if (!entry) throw fail(`the repository ${base} has no version of chart "${chart.chart}" matching ${chart.version ?? 'a stable release'}`);
  const first = Array.isArray(entry.urls) ? entry.urls[0] : undefined;
  if (typeof first !== 'string') throw fail(`the repository ${base} names no archive for chart "${chart.chart}" version ${String(entry.version)}`);
  const archiveUrl = new URL(first, `${base}/`).href;
  const archive = await okBody(await checkedFetch(archiveUrl, { policy, fail }), fail);
  if (typeof entry.digest === 'string' && entry.digest !== '') {
    const actual = createHash('sha256').update(archive).digest('hex');
    if (actual !== entry.digest.replace(/^sha256:/, '')) throw fail(`the archive ${archiveUrl} does not match the digest the repository index states`);
  }
  return archive;
}

/** The entry helm would take: an exact version first, else the newest matching the range; prereleases only when asked. */
function pickVersion(entries: IndexEntry[], wanted: string | undefined): IndexEntry | undefined {
  if (wanted) {
    const exact = entries.find((entry) => entry.version === wanted);
    if (exact) return exact;
  }
  const versions = entries.map((entry) => String(entry.version)).filter((version) => valid(version, { loose: true }));
  const best = maxSatisfying(versions, wanted && validRange(wanted, { loose: true }) ? wanted : '*', { loose: true });
  return best === null ? undefined : entries.find((entry) => String(entry.version) === best);
}
