import { kurelErrors, type KurelPlugin } from '../../plugin-api/index.js';
import { guardPlugin } from './fault-guard.js';
import { ELEMENT_LISTS, FUNCTION_MARK, manifestFileOf, pluginSurface, SURFACE_KEYS, type ElementList, type ElementSurface, type PluginManifest } from './manifest.js';

/** A plugin registered from its manifest: as written, and with its functions guarded. */
export interface LazyPluginViews {
  plain: KurelPlugin;
  guarded: KurelPlugin;
}

/**
 * Stands in for a plugin by its manifest until a build reads more of it than the registry does:
 * each element answers its surface keys from the manifest, and the first read of anything else
 * loads the module (`load`, synchronous, as the engine asks while it runs; it reports its own
 * failure) and reads on from it. The module must register what its manifest says, element for
 * element; where it does not, the manifest is stale, and the run stops there rather than build
 * with a registry the plugin no longer gives.
 */
export function lazyPlugin(manifest: PluginManifest, entry: string, specifier: string, load: () => unknown): LazyPluginViews {
  let loaded: LazyPluginViews | undefined;
  const real = () => (loaded ??= loadAsDescribed(manifest, entry, specifier, load));
  const surface = withFunctions(manifest.surface, () => real().plain) as PluginManifest['surface'];
  const view = (which: 'plain' | 'guarded'): KurelPlugin => {
    const plugin: Record<string, unknown> = { meta: surface.meta };
    if (surface.objectKinds !== undefined) plugin.objectKinds = surface.objectKinds;
    for (const list of ELEMENT_LISTS) {
      plugin[list] = surface[list].map((data, index) => standIn(list, data, () => (real()[which][list] as object[])[index]));
    }
    return plugin as unknown as KurelPlugin;
  };
  return { plain: view('plain'), guarded: view('guarded') };
}

/**
 * The surface, each function its manifest marks made one that calls the plugin's own, at its
 * path, loading the plugin first.
 */
function withFunctions(value: unknown, plugin: () => KurelPlugin): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withFunctions(item, plugin));
  const path = (value as Record<string, unknown>)[FUNCTION_MARK] as (string | number)[] | undefined;
  if (path !== undefined) {
    return function fromThePlugin(this: unknown, ...args: unknown[]): unknown {
      const fn = path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], plugin()) as (...args: unknown[]) => unknown;
      return fn.apply(this, args);
    };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withFunctions(item, plugin)]));
}

function loadAsDescribed(manifest: PluginManifest, entry: string, specifier: string, load: () => unknown): LazyPluginViews {
  const plugin = load() as KurelPlugin;
  // The manifest's surface as read: the stand-ins hold copies with its marked functions made.
  if (JSON.stringify(pluginSurface(plugin)) !== JSON.stringify(manifest.surface)) {
    throw kurelErrors.pluginLoad(
      `plugin "${specifier}" registers other elements than its manifest ${manifestFileOf(entry)} says: write the manifest again from the plugin, or delete it`,
      { plugin: specifier, file: entry },
    );
  }
  return { plain: plugin, guarded: guardPlugin(plugin) };
}

/**
 * One element of the plugin: its surface keys from the manifest until the module loads, the
 * element itself for everything else. A getter of the element runs with the element as `this`,
 * as it would registered whole.
 */
function standIn(list: ElementList, data: ElementSurface, element: () => object): object {
  const surfaceKeys: readonly string[] = SURFACE_KEYS[list];
  let real: object | undefined;
  const target = () => (real ??= element());
  const described = (key: string | symbol) => real === undefined && typeof key === 'string' && surfaceKeys.includes(key);
  return new Proxy(
    {},
    {
      get: (_, key) => (described(key) ? data[key as string] : Reflect.get(target(), key)),
      has: (_, key) => (described(key) ? key in data : Reflect.has(target(), key)),
      set: (_, key, value) => Reflect.set(target(), key, value),
      deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
      defineProperty: (_, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
      ownKeys: () => Reflect.ownKeys(target()),
      getOwnPropertyDescriptor: (_, key) => {
        const found = Reflect.getOwnPropertyDescriptor(target(), key);
        // Reported configurable: the stand-in's own target holds none of them.
        return found && { ...found, configurable: true };
      },
      getPrototypeOf: () => Reflect.getPrototypeOf(target()),
    },
  );
}
