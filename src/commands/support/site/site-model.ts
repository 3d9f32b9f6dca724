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
 * The family a type is listed under: the one its contract names, else the plugin it comes from,
 * so that the many types of one plugin without a family stay together.
 */
export function familyOf(entry: PublishedType): string {
  return entry.contract?.family ?? `other types of ${entry.plugin}`;
}

export function firstSentence(text: string): string {
  const match = /^(.*?[.!?])(\s|$)/s.exec(text);
  return (match ? match[1] : text).replace(/\s+/g, ' ');
}
