import { stringify } from 'yaml';
import type { Properties, PropertiesSchema, PropertySchema } from '../../plugin-api/index.js';
import { SUPPORTED_API_VERSION } from '../documents/parsed.js';
import { PUBLISHED_DOCUMENTS } from './documents.js';
import { DELIVERY_TYPE_NOTE, folderOf, type PublishedType } from './schema-set.js';
import { cell, propertyTables, typeName } from './property-tables.js';

/** The Markdown reference: an index and one page per registered type. */
export function referenceDocs(types: PublishedType[], examples: (entry: PublishedType) => Properties | undefined): Record<string, string> {
  const files: Record<string, string> = {};
  const index = ['# kurel type reference', '', 'Every component, trait and policy type the registry knows, built-ins and plugins alike.', ''];
  for (const position of ['component', 'trait', 'policy'] as const) {
    const entries = types.filter((entry) => entry.position === position);
    if (entries.length === 0) continue;
    index.push(`## ${folderOf(position)[0].toUpperCase()}${folderOf(position).slice(1)}`, '', '| type | plugin | description |', '|---|---|---|');
    for (const entry of entries) {
      index.push(`| [${entry.type}](${folderOf(position)}/${entry.type}.md) | ${entry.plugin} | ${cell(firstSentence(entry.description))} |`);
      files[`docs/${folderOf(position)}/${entry.type}.md`] = page(entry, examples(entry));
    }
    index.push('');
  }
  index.push('## The ClusterProfile', '', 'See [ClusterProfile](clusterprofile.md): capability bindings, and the API resources the cluster serves.', '');
  index.push('## Other documents', '', ...PUBLISHED_DOCUMENTS.map((document) => `- [${document.title}](${document.name}.md): ${document.summary}`), '');
  files['docs/index.md'] = index.join('\n');
  return files;
}

function page(entry: PublishedType, example: Properties | undefined): string {
  const lines = [`# ${entry.type}`, '', entry.description, '', `- Position: ${entry.position}`, `- Implemented by: ${entry.implementation} of plugin \`${entry.plugin}\``];
  if (entry.implementation === 'declaration') lines.push(`- ${DELIVERY_TYPE_NOTE}`);
  const contract = entry.contract;
  if (contract) {
    if (contract.family) lines.push(`- Family: ${contract.family}`);
    if (contract.version) lines.push(`- Contract version: ${contract.version}`);
    if (contract.requiredCapabilityKeys?.length) lines.push(`- Required capabilities: ${contract.requiredCapabilityKeys.join(', ')}`);
    if (contract.deprecated) lines.push(`- Deprecated${contract.deprecationMessage ? `: ${contract.deprecationMessage}` : ''}`);
  }
  if (entry.capability) {
    lines.push(
      entry.capability.required
        ? `- Required capability: \`${entry.type}\`: a build fails unless the ClusterProfile binds it (\`spec.capabilities.${entry.type}.rendering\`), whose rendering fills in properties the application leaves out`
        : `- Capability: \`${entry.type}\`, optional: a ClusterProfile binding (\`spec.capabilities.${entry.type}.rendering\`) fills in properties the application leaves out`,
    );
  }
  lines.push('', '## Properties', '', ...propertyTables(entry.properties, new Set(entry.requiredUnlessRendered ?? [])));
  if (example && (entry.position === 'component' || entry.exampleHosts?.length)) {
    const profile = exampleProfile(entry);
    if (entry.implementation === 'declaration') {
      lines.push('', '## Example', '', 'How it is written. As a delivery type it does not build as shown: the consumer that delivers the application renders it.');
    } else {
      lines.push('', '## Example', '', profile ? 'It builds as shown with `kurel build app.yaml --profile profile.yaml`.' : 'It builds as shown with `kurel build app.yaml`.');
    }
    lines.push('', '```yaml', '# app.yaml', exampleDocument(entry, example).trimEnd(), '```');
    if (profile) lines.push('', 'The ClusterProfile that binds its capability:', '', '```yaml', '# profile.yaml', profile.trimEnd(), '```');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The rows of a properties table, nested properties and array items included; `byProfile` names
 * the top-level keys required unless the profile's rendering sets them.
 */
export function propertyRows(properties: PropertiesSchema, prefix: string, byProfile: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (const [key, schema] of Object.entries(properties).sort(([a], [b]) => a.localeCompare(b))) {
    const path = `${prefix}${key}`;
    const reserved = schema.platformReserved ? ' (platform-reserved: set by the ClusterProfile rendering)' : '';
    const def = schema.default === undefined ? '' : `\`${JSON.stringify(schema.default)}\``;
    const required = byProfile.has(key) ? 'yes, unless the profile sets it' : schema.required ? 'yes' : '';
    out.push(`| \`${path}\` | ${typeName(schema)} | ${required} | ${def} | ${cell((schema.description ?? '') + reserved)} |`);
    if (schema.properties) out.push(...propertyRows(schema.properties, `${path}.`));
    if (schema.items?.properties) out.push(...propertyRows(schema.items.properties, `${path}[].`));
  }
  return out;
}

/**
 * An Application using the type, as an author would write it. A trait is attached to a component,
 * and a policy is written over components, of the types the registry offers as example hosts.
 */
export function exampleDocument(entry: PublishedType, properties: Properties): string {
  const spec: Record<string, unknown> = {};
  if (entry.position === 'component') {
    spec.components = [{ name: 'example', type: entry.type, properties }];
  } else {
    // A policy names components: its example document has two for it to order or place, where there are two.
    const [first, second] = entry.exampleHosts ?? [];
    if (!first) throw new Error(`the example of ${entry.position} type "${entry.type}" needs a component type that declares an exampleHost`);
    const component = { name: 'example', type: first.type, properties: first.properties, ...(entry.position === 'trait' ? { traits: [{ type: entry.type, properties }] } : {}) };
    spec.components = entry.position === 'policy' && second ? [component, { name: 'example-db', type: second.type, properties: second.properties }] : [component];
    if (entry.position === 'policy') spec.policies = [{ name: 'example-policy', type: entry.type, properties }];
  }
  return stringify({ apiVersion: SUPPORTED_API_VERSION, kind: 'Application', metadata: { name: 'example' }, spec });
}

function firstSentence(text: string): string {
  const match = /^(.*?[.!?])(\s|$)/.exec(text);
  return match ? match[1] : text;
}


/** The ClusterProfile a trait's example builds with: its capability bound with the example rendering. */
export function exampleProfile(entry: PublishedType): string | undefined {
  const rendering = entry.capability?.exampleRendering;
  if (!rendering) return undefined;
  return stringify({ apiVersion: SUPPORTED_API_VERSION, kind: 'ClusterProfile', metadata: { name: 'example' }, spec: { capabilities: { [entry.type]: { rendering } } } });
}
