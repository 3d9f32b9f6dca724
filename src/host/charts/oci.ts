import { createHash } from 'node:crypto';
import type { ChartRequest } from '../../plugin-api/index.js';
import { checkedFetch, okBody, type FetchFailure, type FetchPolicy } from '../network/checked-fetch.js';

const MANIFEST_TYPES = ['application/vnd.oci.image.manifest.v1+json', 'application/vnd.docker.distribution.manifest.v2+json'];
const CHART_LAYER_TYPES = ['application/vnd.cncf.helm.chart.content.v1.tar+gzip', 'application/tar+gzip'];
/** Registries on the loopback are spoken to over plain http, as Docker treats 127.0.0.0/8 by default. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

interface Manifest {
  layers?: { mediaType?: string; digest?: string }[];
}

/**
 * Pulls a chart pushed to an OCI registry (`oci://host/path/chart` at tag `version`, `+` written
 * `_` as helm pushes it) over the distribution API, anonymously: the manifest, a bearer token when
 * the registry asks for one, then the chart layer. Every host on the way (the registry, its token
 * service, the storage a blob is redirected to) is held to the allowed registries, and the layer
 * is checked against its digest.
 */
export async function pullFromOciRegistry(chart: ChartRequest, policy: FetchPolicy, fail: FetchFailure): Promise<Buffer> {
  const reference = new URL(chart.source.url.replace(/^oci:/, 'https:'));
  const origin = `${LOOPBACK.has(reference.hostname) ? 'http' : 'https'}://${reference.host}`;
  const repository = reference.pathname.replace(/^\/+|\/+$/g, '');
  const tag = chart.version!.replace(/\+/g, '_');
  let token: string | undefined;
  // The token is the registry's: it never travels with a redirect to another host.
  const headers = (accept: string) => (url: URL) => ({
    accept,
    ...(token && url.host === reference.host ? { authorization: `Bearer ${token}` } : {}),
  });
  const get = async (path: string, accept: string) => {
    let response = await checkedFetch(`${origin}/v2/${repository}/${path}`, { policy, fail, headers: headers(accept) });
    if (response.status === 401 && token === undefined) {
      token = await bearerToken(response.headers.get('www-authenticate'), policy, fail);
      response = await checkedFetch(`${origin}/v2/${repository}/${path}`, { policy, fail, headers: headers(accept) });
    }
    return okBody(response, fail);
  };
  const manifestBody = await get(`manifests/${tag}`, MANIFEST_TYPES.join(', '));
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBody.toString('utf8'));
  } catch {
    throw fail(`the registry's manifest of ${chart.source.url}:${tag} is not JSON`);
  }
  const layer = manifest.layers?.find((candidate) => CHART_LAYER_TYPES.includes(candidate.mediaType ?? ''));
  if (!layer?.digest?.startsWith('sha256:')) throw fail(`${chart.source.url}:${tag} holds no Helm chart layer`);
  const archive = await get(`blobs/${layer.digest}`, 'application/octet-stream');
  if (`sha256:${createHash('sha256').update(archive).digest('hex')}` !== layer.digest) throw fail(`the chart layer of ${chart.source.url}:${tag} does not match its digest`);
  return archive;
}

/** An anonymous token from the service a `Bearer realm=…,service=…,scope=…` challenge names. */
async function bearerToken(challenge: string | null, policy: FetchPolicy, fail: FetchFailure): Promise<string> {
  const fields = Object.fromEntries([...(challenge ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1].toLowerCase(), match[2]]));
  if (!/^bearer\s/i.test(challenge ?? '') || !fields.realm) throw fail('the registry asks for credentials, and a chart rendered at build time is pulled anonymously');
  const url = new URL(fields.realm);
  for (const key of ['service', 'scope']) if (fields[key]) url.searchParams.set(key, fields[key]);
  const body = await okBody(await checkedFetch(url.href, { policy, fail, purpose: "the registry's token service" }), fail);
  let answer: { token?: unknown; access_token?: unknown };
  try {
    answer = JSON.parse(body.toString('utf8'));
  } catch {
    throw fail(`the registry's token service ${url.origin} answered with no token`);
  }
  const token = answer.token ?? answer.access_token;
  if (typeof token !== 'string') throw fail(`the registry's token service ${url.origin} answered with no token`);
  return token;
}
