import type { PublishedType } from '../../../engine/index.js';
import type { BuiltExample } from './example-manifests.js';
import { scriptJson } from './html.js';
import { indexPage, SEARCH_SCRIPT, searchDocuments } from './index-page.js';
import { SITE_CSS } from './page-shell.js';
import { pagePath, type PluginOrigin } from './site-model.js';
import { SharedShapes } from './shared-shapes.js';
import { shapePage, typePage } from './type-page.js';

/** What the site is made of besides the registry: its plugins' origins, built examples and the search library. */
export interface SiteInput {
  types: readonly PublishedType[];
  plugins: ReadonlyMap<string, PluginOrigin>;
  examples: ReadonlyMap<PublishedType, BuiltExample>;
  /** The browser build of MiniSearch, shipped beside the pages. */
  searchLibrary: string;
}

/** The static site as files by relative path: plain pages and scripts, no server and no fetch. */
export function publishSite({ types, plugins, examples, searchLibrary }: SiteInput): Map<string, string> {
  const files = new Map<string, string>();
  files.set('index.html', indexPage(types, plugins));
  const shapes = new SharedShapes(types.map((entry) => ({ name: entry.type, properties: entry.properties })));
  for (const entry of types) files.set(pagePath(entry), typePage(entry, plugins.get(entry.plugin), examples.get(entry), shapes));
  for (const shape of shapes.all()) files.set(`shapes/${shape.id}.html`, shapePage(shape, shapes));
  files.set('assets/site.css', SITE_CSS);
  files.set('assets/minisearch.js', searchLibrary);
  files.set('assets/search-documents.js', `window.kurelSearchDocuments = ${scriptJson(searchDocuments(types)).text};\n`);
  files.set('assets/search.js', SEARCH_SCRIPT);
  return files;
}
