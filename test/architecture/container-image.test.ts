import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The Dockerfile is not built here (no container engine); what can be checked without one is:
// the runtime stage runs nothing and runs as nonroot, and the files it copies out of the build
// stage (a built checkout) run kurel's two image commands with nothing else of the checkout.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const dockerfile = readFileSync(join(repo, 'Dockerfile'), 'utf8');
const instructions = dockerfile
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
  .map((line) => {
    const [word, ...rest] = line.trim().split(/\s+/);
    return { word: word.toUpperCase(), args: rest.join(' ') };
  });
const runtime = instructions.slice(instructions.map((instruction) => instruction.word).lastIndexOf('FROM'));
const image = mkdtempSync(join(tmpdir(), 'kurel-image-'));
afterAll(() => rmSync(image, { recursive: true, force: true }));

describe('the Dockerfile', () => {
  it('builds in a stage of its own and runs, in a distroless nonroot stage, no command of its own', () => {
    expect(instructions.filter((instruction) => instruction.word === 'FROM')).toHaveLength(2);
    expect(runtime[0].args).toMatch(/^gcr\.io\/distroless\/nodejs20-debian12:nonroot$/);
    expect(runtime.filter((instruction) => instruction.word === 'RUN' || instruction.word === 'SHELL')).toEqual([]);
    expect(runtime.filter((instruction) => instruction.word === 'USER').map((instruction) => instruction.args)).toEqual(['nonroot']);
    expect(JSON.parse(runtime.find((instruction) => instruction.word === 'ENTRYPOINT')!.args)).toEqual(['/nodejs/bin/node', '/app/bin/kurel']);
    expect(JSON.parse(runtime.find((instruction) => instruction.word === 'CMD')!.args)).toEqual(['fn']);
  });

  it("copies what runs kurel fn and the Argo CD plugin's generate command, without node_modules", () => {
    // Each COPY of the runtime stage, from a built checkout into a folder standing for the image's root.
    for (const { args } of runtime.filter((instruction) => instruction.word === 'COPY')) {
      const [source, target] = args.replace('--from=build ', '').split(' ');
      const from = source.startsWith('/src/') ? join(repo, source.slice('/src/'.length)) : join(repo, source);
      expect(existsSync(from), `${source} (run npm run build first)`).toBe(true);
      mkdirSync(dirname(join(image, target)), { recursive: true });
      cpSync(from, join(image, target), { recursive: true });
    }
    const node = (args: string[], cwd: string, input?: string) => spawnSync(process.execPath, [join(image, 'app/bin/kurel'), ...args], { cwd, input, encoding: 'utf8', timeout: 60_000 });
    const list = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\nfunctionConfig:\n  apiVersion: launcher.gokure.dev/v1alpha1\n  kind: Application\n  metadata: {name: shop}\n  spec:\n    components:\n      - {name: web, type: webservice, properties: {image: "nginx:1.27", port: 80}}\n';
    const fn = node(['fn'], image, list);
    expect(fn.status).toBe(0);
    expect(parse(fn.stdout).items.map((item: { kind: string }) => item.kind)).toEqual(['Deployment', 'Service', 'ServiceAccount']);
    // The plugin config lands where argocd-cmp-server reads it, and its command names the image's kurel.
    const plugin = parse(readFileSync(join(image, 'home/argocd/cmp-server/config/plugin.yaml'), 'utf8'));
    expect(plugin.spec.generate.command.slice(0, 2)).toEqual(['/nodejs/bin/node', '/app/bin/kurel']);
    const generate = spawnSync(process.execPath, [join(image, plugin.spec.generate.command[1]), ...plugin.spec.generate.command.slice(2)], { cwd: join(repo, 'examples/webservice'), encoding: 'utf8', timeout: 60_000 });
    expect(generate.stderr).toBe('');
    expect(generate.stdout).toContain('kind: Deployment');
  });
});
