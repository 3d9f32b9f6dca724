import type { PublishedType } from '../../../engine/index.js';

/** Where a plugin came from, as the site names it. */
export interface PluginOrigin {
  name: string;
  version: string;
  builtin: boolean;
  /** What the kurel config names it by (a package name or a path). */
  specifier: string;
}

export type Position = PublishedType['position'];

export const POSITIONS: ReadonlyArray<{ position: Position; folder: string; title: string }> = [
  { position: 'component', folder: 'components', title: 'Component types' },
  { position: 'trait', folder: 'traits', title: 'Traits' },
  { position: 'policy', folder: 'policies', title: 'Policies' },
];

/** The page of a type, relative to the site's top folder. */
export function pagePath(entry: PublishedType): string {
  const folder = POSITIONS.find((position) => position.position === entry.position)!.folder;
  return `${folder}/${entry.type}.html`;
}

/**
 * The family each type is listed under: the one its contract names when other types share it,
 * else the plugin it comes from, since a built-in's family is its own type name by default.
 */
export function familiesOf(types: readonly PublishedType[]): Map<PublishedType, string> {
  const members = new Map<string, number>();
  for (const entry of types) if (entry.contract?.family) members.set(entry.contract.family, (members.get(entry.contract.family) ?? 0) + 1);
  return new Map(types.map((entry) => {
    const family = entry.contract?.family;
    return [entry, family && members.get(family)! > 1 ? `family ${family}` : `from ${entry.plugin}`];
  }));
}

export function firstSentence(text: string): string {
  const match = /^(.*?[.!?])(\s|$)/s.exec(text);
  return (match ? match[1] : text).replace(/\s+/g, ' ');
}
