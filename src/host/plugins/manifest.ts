import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import type { KurelPlugin } from '../../plugin-api/index.js';

/** Where a plugin's manifest lies: beside its entry, `x.cjs` → `x.kurel-manifest.json`. */
export function manifestFileOf(entry: string): string {
  return `${entry.slice(0, entry.length - extname(entry).length)}.kurel-manifest.json`;
}

/**
 * What the registry reads of each element as it registers and seals a plugin, before any of the
 * plugin's functions runs. The rest of an element (its schema, contract, functions) is read when
 * a build uses it.
 */
export const SURFACE_KEYS = {
  components: ['type', 'object', 'nameRoles'],
  traits: ['type', 'nameRoles'],
  policies: ['type', 'nameRoles'],
  lowering: ['position', 'type', 'apiVersion', 'targets', 'nameRoles'],
} as const;

export type ElementList = keyof typeof SURFACE_KEYS;
export const ELEMENT_LISTS = Object.keys(SURFACE_KEYS) as ElementList[];

/** An element as the registry reads it: the surface keys it has, as data. */
export type ElementSurface = Record<string, unknown>;

/** A plugin as the registry reads it. */
export interface PluginSurface {
  meta: KurelPlugin['meta'];
  objectKinds?: unknown[];
  components: ElementSurface[];
  traits: ElementSurface[];
  policies: ElementSurface[];
  lowering: ElementSurface[];
}

/** A plugin's surface, for the entry file of so many bytes it was read from. */
export interface PluginManifest {
  entryBytes: number;
  surface: PluginSurface;
}

/**
 * The plugin's surface, or nothing where it cannot be written down as data: a naming hook or type
 * declarations (read whole as they register), or a surface key holding a class instance, a getter
 * or a value JSON cannot hold. A function in it (a layout's `when`, say) is written as the path to
 * it from the plugin (see FUNCTION_MARK), and called there once the plugin has loaded.
 */
export function pluginSurface(plugin: KurelPlugin): PluginSurface | undefined {
  if (plugin.naming !== undefined || plugin.declarations !== undefined) return undefined;
  try {
    const meta = asData(plugin.meta, ['meta']) as PluginSurface['meta'];
    const surface: PluginSurface = { meta, components: [], traits: [], policies: [], lowering: [] };
    if (plugin.objectKinds !== undefined) surface.objectKinds = asData([...plugin.objectKinds], ['objectKinds']) as unknown[];
    for (const list of ELEMENT_LISTS) {
      ((plugin[list] ?? []) as object[]).forEach((element, index) => {
        const data: ElementSurface = {};
        for (const key of SURFACE_KEYS[list]) {
          const value = key in element ? (element as Record<string, unknown>)[key] : undefined;
          if (value !== undefined) data[key] = asData(value, [list, index, key]);
        }
        surface[list].push(data);
      });
    }
    return surface;
  } catch (error) {
    if (error instanceof NotData) return undefined;
    throw error;
  }
}

/** A function in a surface, as a manifest writes it: `{ "kurel:function": [its path] }`. */
export const FUNCTION_MARK = 'kurel:function';

class NotData extends Error {}

/** The value as JSON writes it and reads it back the same, its functions marked by their paths. */
function asData(value: unknown, path: (string | number)[]): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'function') return { [FUNCTION_MARK]: path };
  if (Array.isArray(value)) return value.map((item, index) => asData(item, [...path, index]));
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) throw new NotData();
  const data: Record<string, unknown> = {};
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(value))) {
    if (!('value' in descriptor) || descriptor.value === undefined || key === FUNCTION_MARK) throw new NotData();
    data[key] = asData(descriptor.value, [...path, key]);
  }
  return data;
}

/** The manifest of a plugin loaded from `entryBytes` bytes, or nothing (see pluginSurface). */
export function pluginManifest(plugin: KurelPlugin, entryBytes: number): PluginManifest | undefined {
  const surface = pluginSurface(plugin);
  return surface && { entryBytes, surface };
}

/**
 * The manifest beside `entry`, where there is one written for a file of its size. Any other file
 * (none, unreadable, another size, not a manifest) leaves the plugin to load whole, as any plugin.
 */
export function readPluginManifest(entry: string): PluginManifest | undefined {
  const file = manifestFileOf(entry);
  // Most plugins have none: asked first, so that no error is made for them.
  if (!existsSync(file)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as PluginManifest;
    if (manifest?.entryBytes !== statSync(entry).size || !isSurface(manifest.surface)) return undefined;
    return manifest;
  } catch {
    return undefined;
  }
}

function isSurface(value: unknown): value is PluginSurface {
  const surface = value as PluginSurface | undefined;
  return typeof surface?.meta?.name === 'string' && ELEMENT_LISTS.every((list) => Array.isArray(surface[list]));
}
