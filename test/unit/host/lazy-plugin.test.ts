import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isHandlerError, isKurelError, type KurelPlugin } from '../../../src/plugin-api/index.js';
import { loadPlugin } from '../../../src/host/plugins/source.js';
import { manifestFileOf, pluginManifest, pluginSurface, readPluginManifest } from '../../../src/host/plugins/manifest.js';
import { requireDefault } from '../../../src/host/plugins/module-loader.js';
import { RegistryBuilder } from '../../../src/host/plugins/registry-builder.js';
import { thrownBy } from '../../support/thrown.js';

// A CommonJS plugin that counts its loads: a kind with a layout whose holder has a `when`, a
// component that makes it, a trait with a name role, and a rule that lowers into the component.
const PLUGIN = `
globalThis.__kurelLazyPluginLoads = (globalThis.__kurelLazyPluginLoads ?? 0) + 1;
const role = { role: 'org-shine', names: 'the shine', default: 'the component name', syntax: 'dns-label' };
module.exports = {
  meta: { name: 'org-lazy', version: '1.2.3', kurelApi: '^1.0.0' },
  objectKinds: [{ apiVersion: 'example.org/v1', kind: 'Widget', metadataHolders: [{ path: ['spec'], when: (object) => object.spec !== undefined }] }],
  components: [{
    type: 'gadget',
    description: 'A gadget.',
    object: { apiVersion: 'example.org/v1', kind: 'Gadget', podTemplate: { path: ['spec', 'template'] } },
    get shape() { return this.type + ' of ' + this.object.kind; },
    render() { return [{ apiVersion: 'example.org/v1', kind: 'Gadget', metadata: { name: this.type } }]; },
    explode() { throw new Error('the gadget is out of order'); },
  }],
  traits: [{ type: 'shine', nameRoles: [role], apply() {} }],
  lowering: [{ position: 'component', type: 'gizmo', targets: { componentTypes: ['gadget'] }, lower() { return []; } }],
};
`;

let dir: string;
const loads = () => (globalThis as { __kurelLazyPluginLoads?: number }).__kurelLazyPluginLoads ?? 0;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-lazy-plugin-'));
  delete (globalThis as { __kurelLazyPluginLoads?: number }).__kurelLazyPluginLoads;
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The plugin written to `plugin.cjs`, with its manifest beside it as `written` changes it. */
function writePlugin(written: (manifest: object) => object = (manifest) => manifest): string {
  const entry = join(dir, 'plugin.cjs');
  writeFileSync(entry, PLUGIN);
  const manifest = pluginManifest(requireDefault(entry) as KurelPlugin, statSync(entry).size)!;
  delete require.cache[entry];
  delete (globalThis as { __kurelLazyPluginLoads?: number }).__kurelLazyPluginLoads;
  writeFileSync(manifestFileOf(entry), JSON.stringify(written(manifest)));
  return entry;
}

describe('plugin manifests', () => {
  it('write what the registry reads of each element as data, and a function in it by its path', () => {
    const entry = writePlugin();
    const { surface } = readPluginManifest(entry)!;
    expect(surface.meta).toEqual({ name: 'org-lazy', version: '1.2.3', kurelApi: '^1.0.0' });
    expect(surface.components).toEqual([{ type: 'gadget', object: { apiVersion: 'example.org/v1', kind: 'Gadget', podTemplate: { path: ['spec', 'template'] } } }]);
    expect(surface.objectKinds).toEqual([{ apiVersion: 'example.org/v1', kind: 'Widget', metadataHolders: [{ path: ['spec'], when: { 'kurel:function': ['objectKinds', 0, 'metadataHolders', 0, 'when'] } }] }]);
    expect(surface.lowering).toEqual([{ position: 'component', type: 'gizmo', targets: { componentTypes: ['gadget'] } }]);
  });

  it('are not written for a naming hook, type declarations, or a surface that is no plain data', () => {
    const meta = { name: 'p', version: '1.0.0', kurelApi: '^1.0.0' };
    expect(pluginSurface({ meta, naming: () => undefined } as unknown as KurelPlugin)).toBeUndefined();
    expect(pluginSurface({ meta, declarations: { traits: [] } } as unknown as KurelPlugin)).toBeUndefined();
    expect(pluginSurface({ meta, components: [{ type: 'x', object: new Map() }] } as unknown as KurelPlugin)).toBeUndefined();
    expect(pluginSurface({ meta, components: [{ type: 'x', object: { kind: undefined } }] } as unknown as KurelPlugin)).toBeUndefined();
  });

  it('are left unread for an entry of another size, and the plugin loads whole', async () => {
    const entry = writePlugin((manifest) => ({ ...manifest, entryBytes: 1 }));
    expect(readPluginManifest(entry)).toBeUndefined();
    const loaded = await loadPlugin('./plugin.cjs', dir, false);
    expect(loads()).toBe(1);
    expect(loaded.guarded).toBeUndefined();
  });
});

describe('a plugin registered from its manifest', () => {
  it('registers and seals without loading, and loads at the first read of more', async () => {
    writePlugin();
    const loaded = await loadPlugin('./plugin.cjs', dir, false);
    const builder = new RegistryBuilder();
    builder.register(loaded.guarded!);
    const registry = builder.seal();
    expect(registry.componentTypes()).toEqual(['gadget', 'gizmo']);
    expect(registry.objectLayout('example.org', 'Gadget')?.podTemplate).toEqual({ path: ['spec', 'template'] });
    expect(registry.nameRole('org-shine')?.names).toBe('the shine');
    expect(registry.component('gadget')?.value.type).toBe('gadget');
    expect(loads()).toBe(0);

    const gadget = registry.component('gadget')!.value as unknown as { render: () => unknown[]; shape: string; description: string };
    expect(gadget.render()).toEqual([{ apiVersion: 'example.org/v1', kind: 'Gadget', metadata: { name: 'gadget' } }]);
    expect(gadget.shape).toBe('gadget of Gadget');
    expect(gadget.description).toBe('A gadget.');
    expect(loads()).toBe(1);
  });

  it('calls a function of its surface from the plugin, loading it first', async () => {
    writePlugin();
    const loaded = await loadPlugin('./plugin.cjs', dir, false);
    const holder = loaded.plugin.objectKinds![0].metadataHolders![0] as unknown as { when: (object: object) => boolean };
    expect(loads()).toBe(0);
    expect(holder.when({ spec: {} })).toBe(true);
    expect(holder.when({})).toBe(false);
    expect(loads()).toBe(1);
  });

  it('guards its functions as any plugin: a throw is a fault of the plugin and the element', async () => {
    writePlugin();
    const loaded = await loadPlugin('./plugin.cjs', dir, false);
    const gadget = loaded.guarded!.components![0] as unknown as { explode: () => void };
    const thrown = thrownBy(() => gadget.explode());
    expect(isHandlerError(thrown)).toBe(true);
    expect((thrown as Error).message).toBe('plugin org-lazy@1.2.3 failed in component type "gadget" (explode): it threw Error: the gadget is out of order');
    // The plain view is the plugin as written.
    expect(() => (loaded.plugin.components![0] as unknown as { explode: () => void }).explode()).toThrow('the gadget is out of order');
  });

  it('refuses a plugin that registers other elements than its manifest says, at its load', async () => {
    writePlugin((manifest) => {
      const stale = JSON.parse(JSON.stringify(manifest));
      stale.surface.components[0].type = 'widget';
      return stale;
    });
    const loaded = await loadPlugin('./plugin.cjs', dir, false);
    expect(loaded.plugin.components![0].type).toBe('widget');
    const thrown = thrownBy(() => (loaded.plugin.components![0] as unknown as { render: unknown }).render);
    expect(isKurelError(thrown) && thrown.diagnostics[0]).toMatchObject({
      code: 'KUREL_PLUGIN_LOAD',
      message: `plugin "./plugin.cjs" registers other elements than its manifest ${join(dir, 'plugin.kurel-manifest.json')} says: write the manifest again from the plugin, or delete it`,
    });
  });

  it('refuses a plugin that throws as it loads, with its cause', async () => {
    const entry = writePlugin();
    // Of the same size, so that the manifest is read: the module fails when first read past it.
    const counting = 'globalThis.__kurelLazyPluginLoads = (globalThis.__kurelLazyPluginLoads ?? 0) + 1;';
    const throwing = "throw new Error('no licence');".padEnd(counting.length);
    writeFileSync(entry, readFileSync(entry, 'utf8').replace(counting, throwing));
    const loaded = await loadPlugin('./plugin.cjs', dir, false);
    const thrown = thrownBy(() => (loaded.plugin.components![0] as unknown as { render: unknown }).render);
    expect(isKurelError(thrown) && thrown.diagnostics[0]).toMatchObject({ code: 'KUREL_PLUGIN_LOAD', message: 'plugin "./plugin.cjs" failed to load: no licence' });
  });
});
