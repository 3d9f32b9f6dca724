import { HandlerError, isHandlerError, type KurelPlugin, type NamingHook } from '../../plugin-api/index.js';
import { ErrorCode } from '../../engine/index.js';

/**
 * Whatever a plugin's function throws that is not a refusal through its context (an Error, a
 * string, anything) becomes a `kurelErrors.pluginFault` refusal naming the plugin (`name@version`),
 * the element type and the function. The engine places it like any refusal of the element: at
 * the authored position, with the component. The stack is kept out of the text unless
 * `KUREL_DEBUG=1`; it is the plugin author's, not the user's.
 */
export function guardPlugin<P extends Pick<KurelPlugin, 'meta' | 'components' | 'traits' | 'policies' | 'lowering' | 'declarations' | 'naming' | 'objectKinds'>>(plugin: P, debug = process.env.KUREL_DEBUG === '1'): P {
  const identity = `${plugin.meta.name}@${plugin.meta.version}`;
  const guard = <T extends object>(element: T, what: string): T => guardElement(element, what, identity, debug);
  return {
    ...plugin,
    components: plugin.components?.map((handler) => guard(handler, `component type "${handler.type}"`)),
    traits: plugin.traits?.map((handler) => guard(handler, `trait type "${handler.type}"`)),
    policies: plugin.policies?.map((handler) => guard(handler, `policy type "${handler.type}"`)),
    lowering: plugin.lowering?.map((rule) => guard(rule, `${rule.position} lowering rule "${rule.type}"`)),
    naming: plugin.naming === undefined || typeof plugin.naming !== 'function' ? plugin.naming : (guardFunction(plugin.naming as (...args: unknown[]) => unknown, 'the naming hook', identity, debug) as NamingHook),
  };
}

/**
 * The element with each of its functions guarded. The original stays the prototype, so what is not
 * a function (a schema computed on first read, say) is read from it as before.
 */
function guardElement<T extends object>(element: T, what: string, identity: string, debug: boolean): T {
  const guarded = Object.create(element) as Record<string, unknown>;
  for (let level: object | null = element; level !== null && level !== Object.prototype; level = Object.getPrototypeOf(level)) {
    for (const key of Object.getOwnPropertyNames(level)) {
      if (key === 'constructor' || Object.prototype.hasOwnProperty.call(guarded, key)) continue;
      const descriptor = Object.getOwnPropertyDescriptor(level, key);
      if (typeof descriptor?.value === 'function') guarded[key] = guardFunction(descriptor.value as (...args: unknown[]) => unknown, `${what} (${key})`, identity, debug);
    }
  }
  return guarded as T;
}

function guardFunction(fn: (...args: unknown[]) => unknown, what: string, identity: string, debug: boolean) {
  return function guarded(this: unknown, ...args: unknown[]): unknown {
    try {
      return fn.apply(this, args);
    } catch (thrown) {
      if (isHandlerError(thrown) || isKurelRefusal(thrown)) throw thrown;
      throw new HandlerError(`plugin ${identity} failed in ${what}: ${describeThrown(thrown, debug)}`, [], ErrorCode.pluginFault);
    }
  };
}

/** A refusal the engine raised inside a call back from the plugin (a name claim, say): the user's, not a fault. */
function isKurelRefusal(value: unknown): boolean {
  return value instanceof Error && value.name === 'KurelError';
}

/** What was thrown, in one line: `TypeError: x is undefined`, `the string "oops"`, `the number 42`. */
export function describeThrown(thrown: unknown, debug: boolean): string {
  if (thrown instanceof Error) {
    const text = `it threw ${thrown.name}: ${thrown.message.split('\n')[0]}`;
    return debug && thrown.stack ? `${text}\n${thrown.stack}` : text;
  }
  if (typeof thrown === 'string') return `it threw the string ${JSON.stringify(thrown.split('\n')[0])}`;
  if (thrown === null || thrown === undefined) return `it threw ${String(thrown)}`;
  if (typeof thrown === 'number' || typeof thrown === 'boolean' || typeof thrown === 'bigint') return `it threw the value ${String(thrown)}`;
  return Array.isArray(thrown) ? 'it threw a list' : 'it threw a map that is no Error';
}
