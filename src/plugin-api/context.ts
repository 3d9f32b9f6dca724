import type { PropertyPath } from './errors.js';

/** A ClusterProfile binding: the platform's rendering for one capability key. */
export interface CapabilityBinding {
  key: string;
  rendering: Record<string, unknown>;
}

/**
 * What every handler and rule receives from the engine: reporting, capabilities and names.
 * Nothing else of the engine is reachable from a plugin.
 */
export interface HandlerContext {
  /** The namespace the element's objects are placed in. */
  readonly namespace: string;
  /** The label and annotation domain (`launcher.gokure.dev` for the CLI). */
  readonly domain: string;
  /** The key of the component label (`<domain>/component` unless configured). */
  readonly componentLabelKey: string;
  readonly clusterId: string;
  /** Reports a warning; the build goes on. */
  warn(message: string): void;
  /** Refuses the element, naming the property path (relative to the element's properties). */
  fail(message: string, path?: PropertyPath): never;
  /** The ClusterProfile binding of a capability key, recorded as consumed when found. */
  capability(key: string): CapabilityBinding | undefined;
  /** The label value identifying a component: its name, or a projection of a long one. */
  labelValue(componentName: string): string;
}

/** The generated-name allocator shared by every rule of one build. */
export interface Namer {
  /** `<base>-<suffix>`, shortened past 253 characters, checked and claimed for `origin`. */
  name(base: string, suffix: string): string;
  /** Claims a name as written; a second claim of it is refused. */
  reserve(name: string): string;
}

export interface LoweringContext extends HandlerContext {
  readonly namer: Namer;
}
