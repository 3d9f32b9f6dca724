import type { KurelPlugin } from 'kurel/plugin-api';
import components from '../../plugins/builtin-components/index.js';
import kinds from '../../plugins/builtin-kinds/index.js';
import policies from '../../plugins/builtin-policies/index.js';
import traits from '../../plugins/builtin-traits/index.js';

/**
 * kurel's built-ins from source, in the order the host loads them: kurel's own tests hand these
 * to the HandlerTester so that they run the code under test, not an earlier build of it.
 */
export const SOURCE_BUILTINS: KurelPlugin[] = [components, kinds, traits, policies];

/** The built-ins with one trait type taken out, for a plugin that supplies it instead. */
export function builtinsWithoutTrait(type: string): KurelPlugin[] {
  return SOURCE_BUILTINS.map((plugin) => (plugin.traits?.some((trait) => trait.type === type) ? { ...plugin, traits: plugin.traits.filter((trait) => trait.type !== type) } : plugin));
}
