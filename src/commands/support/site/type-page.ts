import type { PublishedType } from '../../../engine/index.js';
import type { BuiltExample } from './example-manifests.js';
import { html, type Html } from './html.js';
import { pageShell } from './page-shell.js';
import { propertyTree } from './property-tree.js';
import type { SharedShape, SharedShapes } from './shared-shapes.js';
import type { PluginOrigin } from './site-model.js';

/** One type's page: what it is, where it comes from, what it needs, its properties and its example. */
export function typePage(entry: PublishedType, plugin: PluginOrigin | undefined, example: BuiltExample | undefined, shapes: SharedShapes): string {
  const body = html`<h1>${entry.type} <span class="badge">${entry.position}</span></h1>
<p>${entry.description}</p>
<dl class="facts">${facts(entry, plugin)}</dl>
<h2>Properties</h2>
${propertyTree(entry.properties, { shapes, root: '../' }, new Set(entry.requiredUnlessRendered ?? []))}
${example ? examplePart(entry, example) : html`<h2>Example</h2><p>This type ships no example.</p>`}`;
  return pageShell({ title: `${entry.type} (${entry.position}) · kurel`, root: '../', body });
}

function facts(entry: PublishedType, plugin: PluginOrigin | undefined): Html[] {
  const rows: Html[] = [];
  const fact = (term: string, value: Html | string) => rows.push(html`<dt>${term}</dt><dd>${value}</dd>`);
  const from = plugin?.builtin === false ? html`organisation plugin <code>${entry.plugin}</code>${plugin.version ? ` ${plugin.version}` : ''} (configured as <code>${plugin.specifier}</code>)` : html`built-in (<code>${entry.plugin}</code>)`;
  fact('Comes from', from);
  fact('Implemented by', entry.implementation === 'declaration' ? 'a declaration: the consumer that delivers the application renders it' : `a ${entry.implementation}`);
  const contract = entry.contract;
  if (contract?.family) fact('Family', contract.family);
  if (contract?.version) fact('Contract version', contract.version);
  fact('Capability it needs', capabilityText(entry));
  if (contract?.deprecated) fact('Deprecated', contract.deprecationMessage ?? 'yes');
  return rows;
}

function capabilityText(entry: PublishedType): Html | string {
  const keys = entry.contract?.requiredCapabilityKeys ?? [];
  const parts: Html[] = [];
  if (entry.capability) {
    parts.push(
      entry.capability.required
        ? html`<code>${entry.type}</code>: required; a build fails unless the ClusterProfile binds <code>spec.capabilities.${entry.type}.rendering</code>`
        : html`<code>${entry.type}</code>, optional: a ClusterProfile binding (<code>spec.capabilities.${entry.type}.rendering</code>) fills in what the application leaves out`,
    );
  }
  if (keys.length > 0) parts.push(html`ClusterProfile keys ${keys.map((key, index) => html`${index > 0 ? ', ' : ''}<code>${key}</code>`)}`);
  return parts.length > 0 ? html`${parts.map((part, index) => html`${index > 0 ? '; ' : ''}${part}`)}` : 'none';
}

function examplePart(entry: PublishedType, example: BuiltExample): Html {
  const command = example.profile ? 'kurel build app.yaml --profile profile.yaml' : 'kurel build app.yaml';
  return html`<h2>Example</h2>
<p>${example.manifests === undefined ? 'How it is written. As a delivery type it does not build as shown: the consumer that delivers the application renders it.' : html`Built when this page was published, with <code>${command}</code>.`}</p>
<h3>app.yaml</h3>
<pre tabindex="0"><code>${example.app}</code></pre>
${example.profile ? html`<h3>profile.yaml</h3><pre tabindex="0"><code>${example.profile}</code></pre>` : undefined}
${example.manifests === undefined ? undefined : html`<h3>The manifests it builds to</h3>${example.chartsNotRendered ? html`<p>Without the objects helm renders from the chart of ${example.chartsNotRendered.join(', ')} when you build: publishing renders no chart.</p>` : undefined}<pre tabindex="0"><code>${example.manifests}</code></pre>`}`;
}

/** The page of a shape several properties share: its properties, once. */
export function shapePage(shape: SharedShape, shapes: SharedShapes): string {
  const body = html`<h1>A shared shape</h1>
<p>The properties of <code>${shape.firstSeenAt}</code> and of ${shape.uses - 1} other places with the same shape.</p>
<h2>Properties</h2>
${propertyTree(shape.properties, { shapes, root: '../' })}`;
  return pageShell({ title: `Shape of ${shape.firstSeenAt} · kurel`, root: '../', body });
}
