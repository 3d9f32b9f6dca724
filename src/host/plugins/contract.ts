// The two functions by their own modules: semver's index loads all of semver, some forty modules
// and their regular expressions, at every start.
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import { KUREL_API_VERSION, kurelErrors } from '../../plugin-api/index.js';
import { plainCaretIncludes } from './plain-caret-range.js';
import type { LoadedPlugin } from './source.js';

/**
 * Refuses a module that is not a plugin, and a plugin whose `meta.kurelApi` range does not
 * include the plugin-API version this host implements.
 */
export function checkPluginContract(loaded: LoadedPlugin): void {
  const { plugin, specifier, resolvedFrom } = loaded;
  const meta = (plugin as unknown as { meta?: Record<string, unknown> } | undefined)?.meta;
  if (!meta || typeof meta.name !== 'string' || typeof meta.version !== 'string' || typeof meta.kurelApi !== 'string') {
    throw kurelErrors.pluginContract(`plugin "${specifier}" does not export a kurel plugin: its default export needs meta { name, version, kurelApi } (use definePlugin from kurel/plugin-api)`, { file: resolvedFrom, plugin: specifier });
  }
  const included = plainCaretIncludes(KUREL_API_VERSION, meta.kurelApi);
  if (included === undefined && !validRange(meta.kurelApi)) throw kurelErrors.pluginContract(`plugin "${meta.name}" declares kurelApi "${meta.kurelApi}", which is not a semver range`, { file: resolvedFrom, plugin: meta.name });
  // The range as declared, not as validRange writes it out: semver keeps the parse of the first.
  if (!(included ?? satisfies(KUREL_API_VERSION, meta.kurelApi))) {
    throw kurelErrors.pluginContract(`plugin "${meta.name}" ${meta.version} requires kurel plugin API "${meta.kurelApi}", but this kurel implements plugin API ${KUREL_API_VERSION}`,
      { file: resolvedFrom, plugin: meta.name },
    );
  }
}
