import type { PublishedType } from '../../../engine/index.js';
import { html, type Html } from './html.js';
import { pageShell } from './page-shell.js';
import { familiesOf, firstSentence, pagePath, POSITIONS, type PluginOrigin } from './site-model.js';

/** The site's front page: a search box, and every type by position and family. */
export function indexPage(types: readonly PublishedType[], plugins: ReadonlyMap<string, PluginOrigin>): string {
  const organisation = [...plugins.values()].filter((plugin) => !plugin.builtin);
  const sections = POSITIONS.map(({ position, title }) => {
    const entries = types.filter((entry) => entry.position === position);
    if (entries.length === 0) return undefined;
    const familyOf = familiesOf(entries);
    const families = new Map<string, PublishedType[]>();
    for (const entry of entries) families.set(familyOf.get(entry)!, [...(families.get(familyOf.get(entry)!) ?? []), entry]);
    const ordered = [...families.entries()].sort(([a], [b]) => Number(a.startsWith('from ')) - Number(b.startsWith('from ')) || a.localeCompare(b));
    return html`<section aria-labelledby="${position}-heading"><h2 id="${position}-heading">${title} <span class="badge">${entries.length}</span></h2>${ordered.map(([family, members]) => familyList(family, members))}</section>`;
  });
  const body = html`<h1>kurel type reference</h1>
<p>Every component type, trait and policy the registry knows: the built-ins and ${organisation.length === 0 ? 'no organisation plugin' : html`the organisation plugins ${organisation.map((plugin, index) => html`${index > 0 ? ', ' : ''}<code>${plugin.name}</code>`)}`}.</p>
<form role="search" onsubmit="return false"><label for="search">Search types</label><br><input id="search" type="search" autocomplete="off" placeholder="webservice, ingress, tier"></form>
<ol id="results" aria-live="polite"></ol>
${sections}`;
  return pageShell({ title: 'kurel type reference', root: '', body, scripts: ['assets/minisearch.js', 'assets/search-documents.js', 'assets/search.js'] });
}

function familyList(family: string, members: readonly PublishedType[]): Html {
  return html`<div class="family"><h3>${family}</h3><ul class="types">${members.map(
    (entry) => html`<li><a href="${pagePath(entry)}">${entry.type}</a> <span class="where">${firstSentence(entry.description)}</span></li>`,
  )}</ul></div>`;
}

/** What the search indexes of each type: a few short fields, so the index stays small. */
export function searchDocuments(types: readonly PublishedType[]): Array<Record<string, string | number>> {
  return types.map((entry, id) => ({ id, type: entry.type, position: entry.position, plugin: entry.plugin, family: entry.contract?.family ?? '', summary: firstSentence(entry.description), href: pagePath(entry) }));
}

/**
 * The front page's search, run in the browser on MiniSearch: the documents come as a script
 * (a page opened from `file://` may not fetch), the index is built when the page loads.
 */
export const SEARCH_SCRIPT = `(function () {
  var input = document.getElementById('search');
  var list = document.getElementById('results');
  var search = new MiniSearch({
    fields: ['type', 'family', 'summary', 'plugin'],
    storeFields: ['type', 'position', 'summary', 'href'],
    searchOptions: { prefix: true, fuzzy: 0.2, boost: { type: 4, family: 2 } }
  });
  search.addAll(window.kurelSearchDocuments);
  function show() {
    list.textContent = '';
    var query = input.value.trim();
    if (query === '') return;
    search.search(query).slice(0, 20).forEach(function (hit) {
      var item = document.createElement('li');
      var link = document.createElement('a');
      link.href = hit.href;
      link.textContent = hit.type;
      var where = document.createElement('span');
      where.className = 'where';
      where.textContent = ' ' + hit.position + ': ' + hit.summary;
      item.appendChild(link);
      item.appendChild(where);
      list.appendChild(item);
    });
  }
  input.addEventListener('input', show);
  input.form.addEventListener('submit', function () {
    var first = list.querySelector('a');
    if (first) window.location.href = first.href;
  });
  show();
})();
`;
