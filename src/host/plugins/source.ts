import { join } from 'node:path';
import { kurelErrors, type KurelPlugin } from '../../plugin-api/index.js';
import { lazyPlugin } from './lazy-plugin.js';
import { importDefault, requireDefault, resolveModule } from './module-loader.js';
import { readPluginManifest } from './manifest.js';
import { syntaxPosition } from './syntax-position.js';

/** A plugin as loaded: the module's default export and where it came from. */
export interface LoadedPlugin {
  plugin: KurelPlugin;
  specifier: string;
  resolvedFrom: string;
  builtin: boolean;
  /** The plugin with its functions guarded, where loading made that view (from a manifest). */
  guarded?: KurelPlugin;
}

/**
 * Resolves a plugin specifier (package name or path) with Node's module resolution from
 * `fromFolder`, unless the caller has resolved it (`resolved`), and loads it. A plugin that fails
 * to load is reported by name with its cause. A CommonJS plugin with a manifest beside it (see
 * plugin-manifest.ts) is registered from the manifest and loaded when a build first reads more
 * of it (the built-in kinds ship one: most builds register them and use none).
 */
export async function loadPlugin(specifier: string, fromFolder: string, builtin: boolean, resolved?: string): Promise<LoadedPlugin> {
  let file: string;
  try {
    file = resolved ?? (await resolveModule(specifier, join(fromFolder, 'kurel.config.js')));
  } catch (error) {
    throw kurelErrors.pluginLoad(`plugin "${specifier}" could not be resolved from ${fromFolder}: ${firstLine(error)}`, { plugin: specifier });
  }
  const manifest = file.endsWith('.cjs') ? readPluginManifest(file) : undefined;
  if (manifest) {
    const { plain, guarded } = lazyPlugin(manifest, file, specifier, () => {
      try {
        return requireDefault(file);
      } catch (error) {
        throw loadFailure(specifier, file, error);
      }
    });
    return { plugin: plain, guarded, specifier, resolvedFrom: file, builtin };
  }
  let exported: unknown;
  try {
    exported = await importDefault(file);
  } catch (error) {
    throw loadFailure(specifier, file, error);
  }
  return { plugin: exported as KurelPlugin, specifier, resolvedFrom: file, builtin };
}

/** A plugin that did not load; one that does not parse is placed at its syntax error. */
function loadFailure(specifier: string, file: string, error: unknown) {
  const syntax = syntaxPosition(error);
  if (syntax) {
    const { message, ...where } = syntax;
    return kurelErrors.pluginLoad(`plugin "${specifier}" failed to load: syntax error: ${message}`, { plugin: specifier, ...where });
  }
  return kurelErrors.pluginLoad(`plugin "${specifier}" failed to load: ${firstLine(error)}`, { plugin: specifier, file });
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0];
}
