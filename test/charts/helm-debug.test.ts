import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveOciChart, type Served } from './fake-chart-servers.js';
import { kurel } from './run-kurel.js';

// kurel's --debug reaches helm, so that helm's own "Use --debug flag" hint holds: with it, helm is
// run with --debug and what it rendered beside its error is shown. A stand-in helm answers as
// helm 4 does for a template that renders invalid YAML.

let dir = '';
let registry: Served;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-helm-debug-'));
  const helm = join(dir, 'helm');
  writeFileSync(
    helm,
    [
      '#!/bin/sh',
      'case "$1" in',
      '  version) echo v4.1.4 ;;',
      '  template)',
      '    case " $* " in',
      '      *" --debug "*) printf -- "---\\n# Source: pg/templates/cm.yaml\\ndata:\\n  a: b\\n   c: d\\n"; echo "Error: YAML parse error on pg/templates/cm.yaml: mapping values are not allowed in this context" >&2 ;;',
      '      *) printf "Error: YAML parse error on pg/templates/cm.yaml: mapping values are not allowed in this context\\n\\nUse --debug flag to render out invalid YAML\\n" >&2 ;;',
      '    esac',
      '    exit 1 ;;',
      'esac',
    ].join('\n'),
  );
  chmodSync(helm, 0o755);
  registry = await serveOciChart({ repository: 'charts/pg', tag: '1.0.0', archive: Buffer.from('archive') });
  writeFileSync(
    join(dir, 'app.yaml'),
    `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n    - name: db\n      type: helmtemplate\n      properties:\n        source: {url: "oci://${registry.host}/charts/pg"}\n        version: 1.0.0\n`,
  );
  writeFileSync(join(dir, '.kurelrc.json'), '{}');
});

afterAll(async () => {
  await registry?.close();
  rmSync(dir, { recursive: true, force: true });
});

const build = (extra: string[], env: NodeJS.ProcessEnv = {}) => kurel(dir, ['build', 'app.yaml', '--helm-bin', join(dir, 'helm'), ...extra], { KUREL_CACHE_DIR: join(dir, 'cache'), KUREL_DEBUG: '', ...env });

describe('--debug and helm', () => {
  it('shows helm\'s hint without --debug', async () => {
    const result = await build([]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Use --debug flag to render out invalid YAML');
    expect(result.stderr).not.toContain('helm rendered:');
  });

  it('runs helm with --debug under kurel\'s --debug, and shows what it rendered', async () => {
    const result = await build(['--debug']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('YAML parse error on pg/templates/cm.yaml');
    expect(result.stderr).toContain('helm rendered:\n---\n# Source: pg/templates/cm.yaml\ndata:\n  a: b\n   c: d');
    expect(result.stderr).not.toContain('Use --debug flag');
  });

  it('takes KUREL_DEBUG=1 as --debug', async () => {
    const result = await build([], { KUREL_DEBUG: '1' });
    expect(result.stderr).toContain('helm rendered:');
  });
});
