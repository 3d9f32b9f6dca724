import type { ComponentHandler } from 'kurel/plugin-api';

/** The handler of a type in a family table; fails the test when the table lacks it. */
export function handlerOf(kinds: ComponentHandler<unknown>[], type: string): ComponentHandler<unknown> {
  const handler = kinds.find((candidate) => candidate.type === type);
  if (!handler) throw new Error(`no kind "${type}" in the table`);
  return handler;
}

/** The metadata a kind component's object carries as the CLI emits it: the component label, its value the component's name. */
export function meta(name: string, namespace: string | null = 'default', component = name) {
  const labels = { 'launcher.gokure.dev/component': component };
  return namespace === null ? { name, labels } : { name, namespace, labels };
}
