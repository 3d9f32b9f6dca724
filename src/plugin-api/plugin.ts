import type { ComponentHandler, LoweringRule, PolicyHandler, TraitHandler, TypeDeclaration } from './handlers.js';

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
  /** Types authors may write that this plugin does not render. */
  declarations?: { traits?: TypeDeclaration[]; policies?: TypeDeclaration[] };
}
