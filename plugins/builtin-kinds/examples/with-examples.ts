import type { ComponentHandler, Properties } from 'kurel/plugin-api';

/** Example properties by component type: what the reference docs show on each kind's page. */
export type ExampleTable = Record<string, Properties>;

/**
 * Gives each kind its example from the tables. The tables are kept apart from the kind
 * definitions: a definition reads its schema lazily, and an example is read only by `kurel schemas`.
 */
export function withExamples(handlers: ComponentHandler<unknown>[], ...tables: ExampleTable[]): ComponentHandler<unknown>[] {
  const examples: ExampleTable = Object.assign({}, ...tables);
  for (const handler of handlers) if (handler.example === undefined && examples[handler.type] !== undefined) handler.example = examples[handler.type];
  return handlers;
}
