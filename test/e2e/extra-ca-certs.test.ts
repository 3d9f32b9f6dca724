import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { environmentWithout, fakeNodeFolder, repo, scratchFolder, writeEnvironmentPlugin } from './support.js';

// NODE_EXTRA_CA_CERTS: bin/kurel keeps Node from reading the certificates as it starts, and gives
// them to kurel's own HTTPS requests when it makes one. An HTTPS server on loopback whose
// certificate only the tests' own CA vouches for (test/fixtures/tls).

const tls = join(repo, 'test/fixtures/tls');
const CA = join(tls, 'ca.pem');
const MANIFEST = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fetched\ndata:\n  source: remote\n';
const scratch = scratchFolder('kurel-ca-');

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer({ key: readFileSync(join(tls, 'server.key')), cert: readFileSync(join(tls, 'server.pem')) }, (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/yaml' }).end(MANIFEST),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/manifests.yaml`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` without blocking this process's event loop, which serves the requests. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: scratch.dir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The environment without NODE_EXTRA_CA_CERTS and NODE_OPTIONS, with `extra` set. */
const environment = (extra: NodeJS.ProcessEnv = {}) => environmentWithout(['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'], extra);

function writeApplication(): void {
  writeFileSync(
    join(scratch.dir, 'app.yaml'),
    `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n    - name: remote\n      type: manifests\n      properties:\n        url: ${url}\n`,
  );
  writeFileSync(join(scratch.dir, '.kurelrc.json'), '{}');
}

const fetched = (result: Run) => parseAllDocuments(result.stdout).map((document) => document.toJS().data);

describe('NODE_EXTRA_CA_CERTS', () => {
  it('is trusted by a request kurel makes when bin/kurel is run as a program', async () => {
    writeApplication();
    const result = await run(join(repo, 'bin/kurel'), ['build', 'app.yaml'], environment({ NODE_EXTRA_CA_CERTS: CA }));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(fetched(result)).toEqual([{ source: 'remote' }]);
  });

  it('is needed: without it the certificate is refused, and the error says why', async () => {
    writeApplication();
    const result = await run(join(repo, 'bin/kurel'), ['build', 'app.yaml'], environment());
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`fetching ${url} failed: fetch failed (unable to verify the first certificate)`);
  });

  it('is trusted when Node runs bin/kurel itself, and read as Node starts', async () => {
    writeApplication();
    const result = await run(process.execPath, [join(repo, 'bin/kurel'), 'build', 'app.yaml'], environment({ NODE_EXTRA_CA_CERTS: CA }));
    expect(result.status, result.stderr).toBe(0);
    expect(fetched(result)).toEqual([{ source: 'remote' }]);
  });

  it("naming a file that cannot be read: a warning as Node gives, and the request trusts Node's own roots", async () => {
    writeApplication();
    const missing = join(scratch.dir, 'missing.pem');
    const result = await run(join(repo, 'bin/kurel'), ['build', 'app.yaml'], environment({ NODE_EXTRA_CA_CERTS: missing }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Warning: Ignoring extra certs from \`${missing}\`, load failed: ENOENT`);
    expect(result.stderr).toContain('(unable to verify the first certificate)');
  });

  it('is in the environment as the user set it, for plugins and the programs kurel runs', async () => {
    writeEnvironmentPlugin(scratch.dir, { extra: 'NODE_EXTRA_CA_CERTS', handed: 'KUREL_DEFERRED_EXTRA_CA_CERTS' });
    const result = await run(join(repo, 'bin/kurel'), ['build', 'env.yaml'], environment({ NODE_EXTRA_CA_CERTS: CA }));
    expect(result.status, result.stderr).toBe(0);
    expect(fetched(result)).toEqual([{ extra: CA, handed: 'unset' }]);
  });
});

describe("bin/kurel's lines for sh", () => {
  /** A `node` that prints what it was given: its environment's two names and its arguments. */
  const fakeNode = () => fakeNodeFolder(scratch.dir, { extra: 'NODE_EXTRA_CA_CERTS', handed: 'KUREL_DEFERRED_EXTRA_CA_CERTS' });

  it('start Node on the same file without NODE_EXTRA_CA_CERTS, its value handed on, the arguments as given', async () => {
    const path = `${fakeNode()}:${process.env.PATH}`;
    const result = await run(join(repo, 'bin/kurel'), ['build', 'my app.yaml', '--set', 'a=$HOME *'], environment({ PATH: path, NODE_EXTRA_CA_CERTS: CA }));
    expect(result.stdout).toBe(`extra=unset\nhanded=${CA}\narg=${join(repo, 'bin/kurel')}\narg=build\narg=my app.yaml\narg=--set\narg=a=$HOME *\n`);
  });

  it('leave NODE_EXTRA_CA_CERTS to Node under --use-openssl-ca and --use-system-ca, and hand nothing on when it is not set', async () => {
    const path = `${fakeNode()}:${process.env.PATH}`;
    const openssl = await run(join(repo, 'bin/kurel'), ['--version'], environment({ PATH: path, NODE_EXTRA_CA_CERTS: CA, NODE_OPTIONS: '--max-old-space-size=4096 --use-openssl-ca' }));
    expect(openssl.stdout).toBe(`extra=${CA}\nhanded=unset\narg=${join(repo, 'bin/kurel')}\narg=--version\n`);
    const system = await run(join(repo, 'bin/kurel'), ['--version'], environment({ PATH: path, NODE_EXTRA_CA_CERTS: CA, NODE_OPTIONS: '--use-system-ca' }));
    expect(system.stdout).toBe(`extra=${CA}\nhanded=unset\narg=${join(repo, 'bin/kurel')}\narg=--version\n`);
    const unset = await run(join(repo, 'bin/kurel'), ['--version'], environment({ PATH: path }));
    expect(unset.stdout).toBe(`extra=unset\nhanded=unset\narg=${join(repo, 'bin/kurel')}\narg=--version\n`);
  });
});
