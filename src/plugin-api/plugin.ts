import type { NamingHook } from './name-roles.js';
import type { ComponentHandler, LoweringRule, PolicyHandler, TraitHandler, TypeDeclaration } from './handlers.js';
import type { ObjectKindDeclaration } from './object-layout.js';

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
  /**
   * Where objects of kinds no component type of the plugin generates hold metadata (an operator's
   * kind authors reach through `object`, `manifests` or a chart). A kind is described once per
   * registry, here or on a component's `object`.
   */
  objectKinds?: ObjectKindDeclaration[];
  /**
   * Chooses the names the engine generates, by role. A registry holds at most one: a second
   * plugin contributing one is refused.
   */
  naming?: NamingHook;
}
