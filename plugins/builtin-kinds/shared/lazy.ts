import type { PropertiesSchema } from 'kurel/plugin-api';

/** A value computed on first use and kept. */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/**
 * Makes a handler's `properties` a getter, built on first read: the CLI loads every built-in kind
 * at each run, and a build reads the schemas of the types it uses only.
 */
export function withLazyProperties<H extends { properties: PropertiesSchema }>(handler: H, build: () => PropertiesSchema): H {
  const properties = once(build);
  Object.defineProperty(handler, 'properties', { get: properties, enumerable: true, configurable: true });
  return handler;
}
