import type { ComponentHandler, LoweringRule, PolicyHandler, TraitHandler } from './handlers.js';

export interface PluginMeta {
  name: string;
  version: string;
  /** The semver range of plugin-API versions this plugin works with. */
  kurelApi: string;
}

export interface KurelPlugin {
  meta: PluginMeta;
  components?: ComponentHandler<any>[];
  traits?: TraitHandler<any>[];
  policies?: PolicyHandler<any>[];
  lowering?: LoweringRule[];
}
