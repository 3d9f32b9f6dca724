import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Chart servers on the loopback that speak just enough of the OCI distribution API and of a Helm
// HTTP repository to be pulled from, and that can send kurel to a second host name: 127.0.0.1 and
// localhost reach the same server, but are different hosts to the allowed registries.

export interface Served {
  /** `127.0.0.1:<port>` */
  host: string;
  port: number;
  /** Every request: `<host header> <method> <path> [auth]`, auth when an Authorization header came. */
  requests: string[];
  close(): Promise<void>;
}

type Route = (request: IncomingMessage, response: ServerResponse, port: number) => void;

async function serve(route: Route): Promise<Served> {
  const requests: string[] = [];
  let port = 0;
  const server = createServer((request, response) => {
    requests.push(`${request.headers.host} ${request.method} ${request.url}${request.headers.authorization ? ' auth' : ''}`);
    route(request, response, port);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return { host: `127.0.0.1:${port}`, port, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

export interface OciOptions {
  repository: string;
  tag: string;
  archive: Buffer;
  /** Ask for a bearer token, served by the token service at this host name (`127.0.0.1` or `localhost`). */
  tokenHost?: string;
  /** Redirect blob downloads to storage at this host name. */
  storageHost?: string;
  /** The digest the manifest states, when it should not be the archive's. */
  statedDigest?: string;
}

/** An OCI registry holding one chart at one tag. */
export function serveOciChart(options: OciOptions): Promise<Served> {
  const digest = options.statedDigest ?? `sha256:${sha256(options.archive)}`;
  const manifest = JSON.stringify({
    schemaVersion: 2,
    config: { mediaType: 'application/vnd.cncf.helm.config.v1+json', digest: `sha256:${sha256('{}')}`, size: 2 },
    layers: [{ mediaType: 'application/vnd.cncf.helm.chart.content.v1.tar+gzip', digest, size: options.archive.length }],
  });
  const base = `/v2/${options.repository}`;
  return serve((request, response, port) => {
    const path = request.url ?? '';
    const authorized = request.headers.authorization === 'Bearer t0ken';
    if (path.startsWith('/token?')) return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"t0ken"}');
    if (path.startsWith('/storage/')) return void response.writeHead(200).end(options.archive);
    if (options.tokenHost && !authorized && path.startsWith(base)) {
      const challenge = `Bearer realm="http://${options.tokenHost}:${port}/token",service="fake",scope="repository:${options.repository}:pull"`;
      return void response.writeHead(401, { 'www-authenticate': challenge }).end();
    }
    if (path === `${base}/manifests/${options.tag}`) return void response.writeHead(200, { 'content-type': 'application/vnd.oci.image.manifest.v1+json' }).end(manifest);
    if (path === `${base}/blobs/${digest}`) {
      if (options.storageHost) return void response.writeHead(307, { location: `http://${options.storageHost}:${port}/storage/${digest}` }).end();
      return void response.writeHead(200).end(options.archive);
    }
    response.writeHead(404).end();
  });
}

export interface RepositoryOptions {
  chart: string;
  versions: string[];
  archive: Buffer;
  /** The host name the index's archive URLs name (relative URLs when absent). */
  archiveHost?: string;
  /** Redirect index.yaml to this host name. */
  indexRedirectHost?: string;
  /** The digest the index states, when it should not be the archive's. */
  statedDigest?: string;
}

/** A Helm HTTP repository at `/charts` holding one chart at several versions, all the same archive. */
export function serveHelmRepository(options: RepositoryOptions): Promise<Served> {
  return serve((request, response, port) => {
    const path = request.url ?? '';
    const host = request.headers.host ?? '';
    if (path === '/charts/index.yaml' && options.indexRedirectHost && !host.startsWith(options.indexRedirectHost)) {
      return void response.writeHead(302, { location: `http://${options.indexRedirectHost}:${port}/charts/index.yaml` }).end();
    }
    if (path === '/charts/index.yaml') {
      const entries = options.versions.map((version) => {
        const file = `${options.chart}-${version}.tgz`;
        const url = options.archiveHost ? `http://${options.archiveHost}:${port}/charts/${file}` : file;
        return `    - name: ${options.chart}\n      version: ${version}\n      digest: ${options.statedDigest ?? sha256(options.archive)}\n      urls: ["${url}"]\n`;
      });
      return void response.writeHead(200).end(`apiVersion: v1\nentries:\n  ${options.chart}:\n${entries.join('')}`);
    }
    if (path.startsWith(`/charts/${options.chart}-`)) return void response.writeHead(200).end(options.archive);
    response.writeHead(404).end();
  });
}
