import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { repo } from './support.js';

// An organisation plugin's doc page says what its trait needs: the keys it requires (unless the
// profile's rendering sets them) and the capability a build needs bound.

function page(type: string): string {
  const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'schemas', '--format', 'json'], { cwd: join(repo, 'examples/redis-sidecar'), encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(result.stderr);
  return (JSON.parse(result.stdout) as Record<string, string>)[`docs/traits/${type}.md`];
}

describe('the doc page of a plugin trait', () => {
  const redis = page('redis-sidecar');

  it('shows image as required unless the profile sets it', () => {
    expect(redis).toContain('| `image` | string | yes, unless the profile sets it |');
    expect(redis).toMatch(/\| `maxMemory` \| string \| {2}\|/);
  });

  it('names the capability a build needs bound', () => {
    expect(redis).toContain('- Required capability: `redis-sidecar`: a build fails unless the ClusterProfile binds it');
  });
});
