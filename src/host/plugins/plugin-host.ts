import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SealedRegistry } from '../../engine/index.js';
import type { KurelPlugin } from '../../plugin-api/index.js';
import { configFolder, configMemo, loadConfig, type ConfigMemo, type LoadedConfig } from '../config/load-config.js';
import { ownExportFile, type PackageManifest } from './own-export.js';
import { checkPluginContract } from './contract.js';
import { loadPlugin, type LoadedPlugin } from './source.js';
import { RegistryBuilder } from './registry-builder.js';
import { guardPlugin } from './fault-guard.js';

/** The built-in plugins: loaded by the same path as any plugin, from kurel's own package. */
export const BUILTIN_PLUGINS = ['kurel/plugins/builtin-components', 'kurel/plugins/builtin-kinds', 'kurel/plugins/builtin-traits', 'kurel/plugins/builtin-policies'];

/**
 * The built-ins a delivery consumer adds, by its name (a layout's): the handlers the reference leaves
 * to the consumer that delivers the application. Without one, those types stay declared only and a
 * build using them is refused with the reference's text.
 */
export const DELIVERY_PLUGINS: Readonly<Record<string, readonly string[]>> = {
  flux: ['kurel/plugins/builtin-delivery'],
  argocd: ['kurel/plugins/builtin-delivery-argocd'],
};

export interface PluginHost {
  registry: SealedRegistry;
  plugins: LoadedPlugin[];
  config: LoadedConfig;
}

/** The folder of kurel's own package.json, where the built-ins resolve from (from source or from dist). */
export function kurelPackageRoot(): string {
  return kurelPackage().root;
}

function kurelPackage(): { root: string; manifest: PackageManifest } {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (dirname(folder) !== folder) {
    const file = `${folder}/package.json`;
    const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PackageManifest) : undefined;
    if (manifest?.name === 'kurel') return { root: folder, manifest };
    folder = dirname(folder);
  }
  throw new Error('kurel: cannot find its own package.json');
}

/** The built-ins, each loaded by the path any plugin takes from the file kurel's own exports give it. */
function loadBuiltins(delivery?: string): Promise<LoadedPlugin>[] {
  const { root, manifest } = kurelPackage();
  const specifiers = [...BUILTIN_PLUGINS, ...(delivery === undefined ? [] : (DELIVERY_PLUGINS[delivery] ?? []))];
  return specifiers.map((specifier) => loadPlugin(specifier, root, true, ownExportFile(root, manifest, specifier)));
}

/** kurel's built-in plugins, loaded by the path any plugin takes. */
export async function loadBuiltinPlugins(): Promise<KurelPlugin[]> {
  const loaded = await Promise.all(loadBuiltins());
  return loaded.map((entry) => entry.plugin);
}

/** Checks each plugin's contract, registers them in order and seals the registry. */
export function sealRegistry(plugins: readonly KurelPlugin[]): SealedRegistry {
  const builder = new RegistryBuilder();
  for (const plugin of plugins) {
    checkPluginContract({ plugin, specifier: plugin?.meta?.name ?? 'plugin', resolvedFrom: '', builtin: false });
    builder.register(plugin);
  }
  return builder.seal();
}

/** Discovers the config and loads every plugin it lists, after the built-ins. */
async function loadPlugins(options: HostOptions): Promise<{ config: LoadedConfig; plugins: LoadedPlugin[] }> {
  const config = await loadConfig({ searchFrom: options.searchFrom, explicitFile: options.configFile });
  return { config, plugins: await loadConfiguredPlugins(config, options) };
}

/** The built-ins (with the delivery consumer's) and every plugin the config lists, resolved from its folder. */
function loadConfiguredPlugins(config: LoadedConfig, options: HostOptions): Promise<LoadedPlugin[]> {
  const folder = configFolder(config, options.searchFrom);
  return Promise.all([...loadBuiltins(options.delivery), ...config.config.plugins.map((specifier) => loadPlugin(specifier, folder, false))]);
}

/**
 * Plugin hosts started in one process, by config file and delivery consumer: the packages of a
 * fleet that share a config share its sealed registry, loaded and sealed once. A registry is
 * read-only once sealed, so one build cannot change what the next one sees.
 */
export type PluginHosts = Map<string, Promise<PluginHost>>;

export interface HostOptions {
  searchFrom: string;
  configFile?: string;
  /** The delivery consumer the output is for (a layout's name): its built-ins are loaded too. */
  delivery?: string;
  /** Hosts already started for other packages: one for the same config and delivery is reused. */
  shared?: PluginHosts;
}

/** The config searches of the run that started `shared`: its packages share the folders above them. */
const configMemos = new WeakMap<PluginHosts, ConfigMemo>();

/** Discovers the config, loads and checks every plugin, registers them and seals the registry. */
export async function startPluginHost(options: HostOptions): Promise<PluginHost> {
  let memo: ConfigMemo | undefined;
  if (options.shared) {
    memo = configMemos.get(options.shared) ?? configMemo();
    configMemos.set(options.shared, memo);
  }
  const config = await loadConfig({ searchFrom: options.searchFrom, explicitFile: options.configFile, memo });
  // Without a config file only the built-ins load, whatever folder the search began in.
  const key = `${config.file ?? ''}\0${options.delivery ?? ''}`;
  const started = options.shared?.get(key);
  if (started) return started;
  const starting = sealedHost(config, options);
  options.shared?.set(key, starting);
  return starting;
}

async function sealedHost(config: LoadedConfig, options: HostOptions): Promise<PluginHost> {
  const plugins = await loadConfiguredPlugins(config, options);
  const builder = new RegistryBuilder();
  for (const loaded of plugins) {
    checkPluginContract(loaded);
    builder.register(loaded.guarded ?? guardPlugin(loaded.plugin));
  }
  return { registry: builder.seal(), plugins, config };
}

/** A loaded plugin as `kurel plugins` reports it: what it contributes and whether it passed the contract check. */
export interface PluginReport {
  name: string;
  version: string;
  kurelApi: string;
  resolvedFrom: string;
  builtin: boolean;
  types: { components: string[]; traits: string[]; policies: string[]; lowering: string[]; declarations: string[] };
  problem?: string;
}

/** Loads every plugin and reports each, checking the contract without stopping at a refusal. */
export async function inspectPlugins(options: { searchFrom: string; configFile?: string }): Promise<{ config: LoadedConfig; reports: PluginReport[] }> {
  const { config, plugins } = await loadPlugins(options);
  const reports = plugins.map((loaded): PluginReport => {
    let problem: string | undefined;
    try {
      checkPluginContract(loaded);
    } catch (error) {
      problem = (error as Error).message;
    }
    const { plugin } = loaded;
    return {
      name: plugin?.meta?.name ?? loaded.specifier,
      version: plugin?.meta?.version ?? '',
      kurelApi: plugin?.meta?.kurelApi ?? '',
      resolvedFrom: loaded.resolvedFrom,
      builtin: loaded.builtin,
      types: {
        components: (plugin?.components ?? []).map((handler) => handler.type),
        traits: (plugin?.traits ?? []).map((handler) => handler.type),
        policies: (plugin?.policies ?? []).map((handler) => handler.type),
        lowering: (plugin?.lowering ?? []).map((rule) => `${rule.position}/${rule.type}`),
        declarations: [...(plugin?.declarations?.traits ?? []), ...(plugin?.declarations?.policies ?? [])].map((declaration) => declaration.type),
      },
      problem,
    };
  });
  return { config, reports };
}
