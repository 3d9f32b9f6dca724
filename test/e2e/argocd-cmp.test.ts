import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { kurelIn, repo, scratchFolder } from './support.js';

// kurel's Argo CD Config Management Plugin, its generate command run as argocd-cmp-server runs it:
// exec'd without a shell in the Application's folder, with Argo CD's ARGOCD_APP_* variables and
// the Application's plugin env as ARGOCD_ENV_*. The image's paths (/nodejs/bin/node, /app/) are
// this machine's Node and this checkout.

const scratch = scratchFolder('kurel-argocd-cmp-');
const plugin = parse(readFileSync(join(repo, 'deploy/argocd/plugin.yaml'), 'utf8'));
const objects = (stream: string) => parseAllDocuments(stream).map((document) => document.toJS());

function generate(folder: string, pluginEnv: Record<string, string>) {
  const [program, ...args] = (plugin.spec.generate.command as string[]).map((part) => (part === '/nodejs/bin/node' ? process.execPath : part.replace(/^\/app\//, repo)));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ARGOCD_APP_NAME: 'checkout', ARGOCD_APP_NAMESPACE: 'checkout', ARGOCD_APP_REVISION: 'abc123', ARGOCD_APP_SOURCE_PATH: 'apps/checkout' };
  for (const [name, value] of Object.entries(pluginEnv)) env[`ARGOCD_ENV_${name}`] = value;
  return spawnSync(program, args, { cwd: folder, env, encoding: 'utf8', timeout: 60_000 });
}

let checkout = '';
beforeAll(() => {
  checkout = join(scratch.dir, 'checkout');
  cpSync(join(repo, 'examples/fleet/checkout'), checkout, { recursive: true });
});

describe('the Argo CD Config Management Plugin', () => {
  it("is discovered in a package's folder by the file plugin.yaml names", () => {
    expect(plugin.kind).toBe('ConfigManagementPlugin');
    expect(existsSync(join(checkout, plugin.spec.discover.fileName))).toBe(true);
    expect(existsSync(join(scratch.dir, plugin.spec.discover.fileName))).toBe(false);
  });

  it('prints on stdout what kurel build prints for the environment and parameters the plugin env sets', () => {
    const run = generate(checkout, { KUREL_ENVIRONMENT: 'prod', KUREL_SET: 'replicas=3' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const built = kurelIn(checkout, ['build', '.', '--environment', 'prod', '--set', 'replicas=3']);
    expect(objects(run.stdout)).toEqual(objects(built.stdout));
    expect(objects(run.stdout).find((object) => object.kind === 'Deployment').spec.replicas).toBe(3);
  });

  it('reads values files and a namespace from the plugin env', () => {
    const run = generate(checkout, { KUREL_VALUES: 'values/staging.yaml, values/prod.yaml', KUREL_NAMESPACE: 'payments' });
    expect(run.status).toBe(0);
    const built = kurelIn(checkout, ['build', '.', '--values', 'values/staging.yaml', '--values', 'values/prod.yaml', '--namespace', 'payments']);
    expect(objects(run.stdout)).toEqual(objects(built.stdout));
    expect(new Set(objects(run.stdout).map((object) => object.metadata.namespace))).toEqual(new Set(['payments']));
  });

  it("fails with kurel's positioned error on stderr, nothing on stdout, when the build fails", () => {
    const broken = join(scratch.dir, 'broken');
    cpSync(checkout, broken, { recursive: true });
    writeFileSync(join(broken, 'app.yaml'), readFileSync(join(broken, 'app.yaml'), 'utf8').replace('type: webservice', 'type: webservise'));
    const run = generate(broken, { KUREL_ENVIRONMENT: 'prod' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^Error: app\.yaml:\d+:\d+ spec\.components\[0\]\.type: .*webservise/);
  });

  it('refuses a KUREL_ variable of the plugin env it does not read, naming the one meant', () => {
    const run = generate(checkout, { KUREL_ENVIRONEMNT: 'prod' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('Error: ARGOCD_ENV_KUREL_ENVIRONEMNT: kurel cmp generate reads no such variable (did you mean "ARGOCD_ENV_KUREL_ENVIRONMENT"?)\n');
  });

  it('is shown in docs/argocd.md as deploy/argocd/plugin.yaml holds it', () => {
    const doc = readFileSync(join(repo, 'docs/argocd.md'), 'utf8');
    const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks).toContain(readFileSync(join(repo, 'deploy/argocd/plugin.yaml'), 'utf8'));
  });
});
