import type { K8sObject, PropertySchema } from '../../plugin-api/index.js';
import { goKindSchema } from '../../plugin-api/kit/go-kinds.js';
import { reencodeThroughGo } from '../../plugin-api/kit/go-reencode.js';
import type { SealedRegistry } from '../registry.js';

// The reference decodes each object a chart renders with its scheme: a registered kind becomes
// its Go type and is written back the typed way (`strategy: {}`), any other object stays as
// rendered. The engine is the one place that sees every kind the registry models, so it does
// this for every handler's chart, whichever plugin rendered it.

const goTypesByRegistry = new WeakMap<SealedRegistry, Map<string, () => PropertySchema>>();

/** The object as the reference writes it back: typed when its kind is registered and its Go type holds it. */
export function reencodeRendered(object: K8sObject, registry: SealedRegistry): K8sObject {
  if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') return object;
  const schema = goKindSchema(object.apiVersion, object.kind) ?? pluginGoTypes(registry).get(`${object.apiVersion} ${object.kind}`)?.();
  if (schema === undefined) return object;
  return (reencodeThroughGo(object as unknown as Record<string, unknown>, schema) as K8sObject | undefined) ?? object;
}

/** The Go types the registry's kinds declare (CRD kinds a plugin models), by `<apiVersion> <kind>`; the first declaration wins. */
function pluginGoTypes(registry: SealedRegistry): Map<string, () => PropertySchema> {
  let types = goTypesByRegistry.get(registry);
  if (types) return types;
  types = new Map();
  for (const type of registry.componentTypes()) {
    const object = registry.component(type)?.value.object;
    const key = object ? `${object.apiVersion} ${object.kind}` : undefined;
    if (object?.goType && key && !types.has(key)) types.set(key, object.goType);
  }
  goTypesByRegistry.set(registry, types);
  return types;
}
