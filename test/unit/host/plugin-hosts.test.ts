import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPluginHost, type PluginHosts } from '../../../src/host/index.js';

// A fleet's packages that share a config share the plugin host it starts: the plugins are loaded,
// checked and sealed once for all of them.

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-plugin-hosts-'));
  // Two packages under one config, and one folder of its own without any config.
  for (const folder of ['fleet/a', 'fleet/b', 'alone']) mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(join(dir, 'fleet/.kurelrc.json'), JSON.stringify({ plugins: [], fluxNamespace: 'flux-system' }));
  writeFileSync(join(dir, 'alone/package.json'), '{}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startPluginHost with the hosts other packages started', () => {
  it('gives packages under one config file one sealed registry', async () => {
    const shared: PluginHosts = new Map();
    const a = await startPluginHost({ searchFrom: join(dir, 'fleet/a'), shared });
    const b = await startPluginHost({ searchFrom: join(dir, 'fleet/b'), shared });
    expect(a.config.file).toBe(join(dir, 'fleet/.kurelrc.json'));
    expect(b.registry).toBe(a.registry);
    expect(shared.size).toBe(1);
  });

  it('starts another host for another config file, or another delivery consumer', async () => {
    const shared: PluginHosts = new Map();
    const fleet = await startPluginHost({ searchFrom: join(dir, 'fleet/a'), shared });
    const alone = await startPluginHost({ searchFrom: join(dir, 'alone'), shared });
    const delivering = await startPluginHost({ searchFrom: join(dir, 'fleet/a'), delivery: 'flux', shared });
    expect(alone.config.file).toBeUndefined();
    expect(alone.registry).not.toBe(fleet.registry);
    expect(delivering.registry).not.toBe(fleet.registry);
    // The delivery consumer's handlers are in its registry alone.
    expect(delivering.plugins.length).toBe(fleet.plugins.length + 1);
    expect(shared.size).toBe(3);
  });

  it('starts a host of its own for each package when no hosts are shared', async () => {
    const a = await startPluginHost({ searchFrom: join(dir, 'fleet/a') });
    const b = await startPluginHost({ searchFrom: join(dir, 'fleet/b') });
    expect(b.registry).not.toBe(a.registry);
  });
});
