import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

// `manifests` with a url: the host fetches it before the pure engine runs, holding the URL's host
// and every redirect's host to the policy's allowed registries. Served from loopback only.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const MANIFEST = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fetched\ndata:\n  source: remote\n';
// A Deployment with a pod spec field its Go type does not declare: refused, as an inline one is.
const LATER = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: later, namespace: shop}\nspec:\n  selector: {matchLabels: {app: later}}\n  template:\n    metadata: {labels: {app: later}}\n    spec:\n      containers: [{name: later, image: ghcr.io/acme/later:1.0.0}]\n      fieldOfALaterVersion: x\n';

let server: Server;
let port: number;
let dir: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(`${request.headers.host}${request.url}`);
    if (request.url === '/manifests.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(MANIFEST);
    else if (request.url === '/later.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(LATER);
    else if (request.url === '/moved') response.writeHead(302, { location: '/manifests.yaml' }).end();
    else if (request.url === '/elsewhere') response.writeHead(302, { location: `http://localhost:${port}/manifests.yaml` }).end();
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dir = mkdtempSync(join(tmpdir(), 'kurel-url-'));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI without blocking this process's event loop, which serves the requests. */
function build(url: string, allowed?: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  writeFileSync(
    join(dir, 'app.yaml'),
    `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n    - name: remote\n      type: manifests\n      properties:\n        url: ${url}\n`,
  );
  writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify(allowed ? { policy: { allowedRegistries: allowed } } : {}));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repo, 'bin/kurel'), 'build', 'app.yaml'], { cwd: dir });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('manifests from a url', () => {
  it('builds the fetched documents, following a redirect on an allowed host', async () => {
    const result = await build(`http://127.0.0.1:${port}/moved`, ['127.0.0.1']);
    expect(result.status, result.stderr).toBe(0);
    const objects = parseAllDocuments(result.stdout).map((document) => document.toJS());
    expect(objects).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'fetched', namespace: 'default', labels: { 'launcher.gokure.dev/component': 'remote' } }, data: { source: 'remote' } },
    ]);
  });

  it('refuses a host that is not an allowed registry, before any request goes to it', async () => {
    const before = seen.length;
    const result = await build(`http://127.0.0.1:${port}/manifests.yaml`, ['charts.example.com']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`url "http://127.0.0.1:${port}/manifests.yaml": host "127.0.0.1" is not one of the allowed registries (charts.example.com)`);
    expect(seen.length).toBe(before);
  });

  it('re-checks the host of every redirect', async () => {
    const result = await build(`http://127.0.0.1:${port}/elsewhere`, ['127.0.0.1']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`host "localhost" (redirected to http://localhost:${port}/manifests.yaml) is not one of the allowed registries (127.0.0.1)`);
    expect(seen.some((entry) => entry.startsWith('localhost'))).toBe(false);
  });

  it('refuses a URL that answers with an error', async () => {
    const result = await build(`http://127.0.0.1:${port}/missing.yaml`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('answered 404');
  });

  it('refuses a fetched Deployment that sets a field its Go type does not declare', async () => {
    const result = await build(`http://127.0.0.1:${port}/later.yaml`, ['127.0.0.1']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'component "remote": url: document 1 (Deployment "later"): Deployment "shop/later": undeclared field spec.template.spec.fieldOfALaterVersion: the apps/v1 Deployment type this build reads the object with does not declare it, so the object cannot be checked against environment policy',
    );
  });
});
