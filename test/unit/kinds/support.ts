import type { ComponentHandler } from 'kurel/plugin-api';

/** The handler of a type in a family table; fails the test when the table lacks it. */
export function handlerOf(kinds: ComponentHandler<any>[], type: string): ComponentHandler<any> {
  const handler = kinds.find((candidate) => candidate.type === type);
  if (!handler) throw new Error(`no kind "${type}" in the table`);
  return handler;
}

/** The metadata a kind component's object carries before the engine adds the component label. */
export function meta(name: string, namespace: string | undefined = 'default') {
  return namespace === undefined ? { name } : { name, namespace };
}
