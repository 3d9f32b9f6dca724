import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveHelmRepository, serveOciChart, sha256, type Served } from './fake-chart-servers.js';
import { writeFakeHelm } from './fake-helm.js';
import { kurel } from './run-kurel.js';

// kurel pulls a chart rendered at build time itself, from an OCI registry or a Helm repository on
// the loopback, so that every host on the way, the registry's token service, a blob's storage,
// an index's archive host and every redirect, is held to the allowed registries. helm is a
// stand-in here that renders one ConfigMap: what is asserted is the pull.

let dir = '';
let helm = '';
let served: Served | undefined;
const archive = Buffer.from('chart archive bytes');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-chart-pull-'));
  helm = writeFakeHelm(dir);
});

afterEach(async () => {
  await served?.close();
  served = undefined;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function build(properties: string, allowedRegistries?: string[], command = ['build', 'app.yaml']) {
  const folder = mkdtempSync(join(dir, 'case-'));
  writeFileSync(join(folder, 'app.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n    - name: db\n      type: helmtemplate\n      properties:\n${properties}`);
  writeFileSync(join(folder, '.kurelrc.json'), JSON.stringify(allowedRegistries ? { policy: { allowedRegistries } } : {}));
  const log = join(folder, 'helm.log');
  writeFileSync(log, '');
  const result = await kurel(folder, [...command, '--helm-bin', helm], { KUREL_CACHE_DIR: join(folder, 'cache'), FAKE_HELM_LOG: log });
  const template = readFileSync(log, 'utf8').split('\n').find((line) => line.startsWith('template '));
  return { ...result, rendered: template ? readFileSync(template.split(' ')[2]) : undefined };
}

const oci = (version = '1.0.0') => `        source: {url: "oci://127.0.0.1:${served!.port}/charts/pg"}\n        version: "${version}"\n`;
const repository = (version?: string) => `        source: {url: "http://127.0.0.1:${served!.port}/charts"}\n        chart: pg\n${version ? `        version: "${version}"\n` : ''}`;

describe('a chart pulled from an OCI registry', () => {
  it('fetches a token when asked, follows the blob to its storage without the token, and renders the archive', async () => {
    served = await serveOciChart({ repository: 'charts/pg', tag: '1.0.0', archive, tokenHost: '127.0.0.1', storageHost: 'localhost' });
    const result = await build(oci());
    expect(result.status, result.stderr).toBe(0);
    expect(result.rendered).toEqual(archive);
    const port = served.port;
    expect(served.requests).toEqual([
      `127.0.0.1:${port} GET /v2/charts/pg/manifests/1.0.0`,
      `127.0.0.1:${port} GET /token?service=fake&scope=repository%3Acharts%2Fpg%3Apull`,
      `127.0.0.1:${port} GET /v2/charts/pg/manifests/1.0.0 auth`,
      `127.0.0.1:${port} GET /v2/charts/pg/blobs/sha256:${sha256(archive)} auth`,
      `localhost:${port} GET /storage/sha256:${sha256(archive)}`,
    ]);
  });

  it('pulls a version with build metadata by the tag helm pushes it under', async () => {
    served = await serveOciChart({ repository: 'charts/pg', tag: '1.0.0_build.7', archive });
    const result = await build(oci('1.0.0+build.7'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.rendered).toEqual(archive);
  });

  it('refuses a blob redirected to storage outside the allowed registries, with the registry class, and never asks it', async () => {
    served = await serveOciChart({ repository: 'charts/pg', tag: '1.0.0', archive, storageHost: 'localhost' });
    const result = await build(oci(), ['127.0.0.1'], ['validate', 'app.yaml', '--format', 'json']);
    expect(result.status).toBe(1);
    const [diagnostic] = JSON.parse(result.stdout).diagnostics;
    expect(diagnostic).toMatchObject({ code: 'KUREL_POLICY_VIOLATION', refusalClass: 'registry' });
    expect(diagnostic.message).toContain(`host "localhost" (redirected to http://localhost:${served.port}/storage/sha256:${sha256(archive)}) is not one of the allowed registries (127.0.0.1)`);
    expect(served.requests.some((request) => request.startsWith('localhost'))).toBe(false);
  });

  it("refuses a token service outside the allowed registries, naming it as the registry's token service", async () => {
    served = await serveOciChart({ repository: 'charts/pg', tag: '1.0.0', archive, tokenHost: 'localhost' });
    const result = await build(oci(), ['127.0.0.1']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`host "localhost" (the registry's token service, http://localhost:${served.port}/token?service=fake`);
    expect(served.requests.some((request) => request.startsWith('localhost'))).toBe(false);
  });

  it('refuses a layer that does not match the digest its manifest states, and caches nothing', async () => {
    served = await serveOciChart({ repository: 'charts/pg', tag: '1.0.0', archive, statedDigest: `sha256:${sha256('other bytes')}` });
    const result = await build(oci());
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the chart layer of oci://127.0.0.1');
    expect(result.stderr).toContain('does not match its digest');
    expect(result.rendered).toBeUndefined();
  });
});

describe('a chart pulled from a Helm repository', () => {
  it('takes the newest stable version when none is asked for, and the newest in a range', async () => {
    served = await serveHelmRepository({ chart: 'pg', versions: ['1.0.0', '1.4.0', '2.0.0-rc.1', '1.10.0'], archive });
    expect((await build(repository())).status).toBe(0);
    expect((await build(repository('~1.4'))).status).toBe(0);
    expect(served.requests.filter((request) => request.includes('.tgz'))).toEqual([
      `127.0.0.1:${served.port} GET /charts/pg-1.10.0.tgz`,
      `127.0.0.1:${served.port} GET /charts/pg-1.4.0.tgz`,
    ]);
  });

  it('refuses an archive the index places on a host outside the allowed registries', async () => {
    served = await serveHelmRepository({ chart: 'pg', versions: ['1.0.0'], archive, archiveHost: 'localhost' });
    const result = await build(repository('1.0.0'), ['127.0.0.1']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`host "localhost" is not one of the allowed registries (127.0.0.1)`);
    expect(served.requests.some((request) => request.startsWith('localhost'))).toBe(false);
    // Allowed, the same archive builds.
    expect((await build(repository('1.0.0'), ['127.0.0.1', 'localhost'])).rendered).toEqual(archive);
  });

  it('refuses an index redirected outside the allowed registries', async () => {
    served = await serveHelmRepository({ chart: 'pg', versions: ['1.0.0'], archive, indexRedirectHost: 'localhost' });
    const result = await build(repository('1.0.0'), ['127.0.0.1']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`host "localhost" (redirected to http://localhost:${served.port}/charts/index.yaml) is not one of the allowed registries (127.0.0.1)`);
  });

  it.each([
    ['a chart the index lacks', { chart: 'mysql' }, '2.0.0', 'has no chart "pg"'],
    ['a version the index lacks', {}, '9.9.9', 'has no version of chart "pg" matching 9.9.9'],
    ['an archive unlike its digest', { statedDigest: sha256('other bytes') }, '1.0.0', 'does not match the digest the repository index states'],
  ])('refuses %s as a failed pull', async (_, options, version, text) => {
    served = await serveHelmRepository({ chart: 'pg', versions: ['1.0.0'], archive, ...options });
    const result = await build(repository(version), undefined, ['validate', 'app.yaml', '--format', 'json']);
    expect(result.status).toBe(1);
    const [diagnostic] = JSON.parse(result.stdout).diagnostics;
    expect(diagnostic.code).toBe('KUREL_CHART_PULL');
    expect(diagnostic.message).toContain(text);
  });
});
