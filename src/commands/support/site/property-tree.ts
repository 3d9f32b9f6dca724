import type { PropertiesSchema, PropertySchema } from '../../../plugin-api/index.js';
import { html, type Html } from './html.js';
import { childrenOf, type SharedShapes } from './shared-shapes.js';

/**
 * A type's properties as a tree of `<details>`: each property's summary line says its name, type
 * and whether it is required; opened, it shows its description and constraints, and the
 * properties of its object value or of its array's items one level down. `byProfile` names the
 * top-level keys a ClusterProfile rendering may supply instead of the author.
 */
export function propertyTree(properties: PropertiesSchema, tree: TreeContext, byProfile: ReadonlySet<string> = new Set()): Html {
  const entries = sortedEntries(properties);
  if (entries.length === 0) return html`<p>No properties.</p>`;
  return html`<ul class="tree">${entries.map(([key, schema]) => propertyNode(key, schema, byProfile.has(key), tree))}</ul>`;
}

/** How a page links a shared shape: the shapes, and the way from the page back to the site's top. */
export interface TreeContext {
  shapes: SharedShapes;
  root: string;
}

function propertyNode(key: string, schema: PropertySchema, requiredUnlessRendered: boolean, tree: TreeContext): Html {
  const children = childrenOf(schema);
  const shared = children ? tree.shapes.find(children.properties) : undefined;
  const required = requiredUnlessRendered ? html`<span class="badge required">required unless the profile sets it</span>` : schema.required ? html`<span class="badge required">required</span>` : undefined;
  const details = constraintRows(schema);
  const body = html`${schema.description ? html`<p>${schema.description}</p>` : undefined}${details.length > 0 ? html`<dl class="constraints">${details}</dl>` : undefined}${
    shared
      ? html`<p class="shared">${children!.prefix === '[].' ? 'Each item has' : children!.prefix ? 'Each value has' : 'It has'} <a href="${tree.root}shapes/${shared.id}.html">the properties of a shape shared by ${shared.uses} places</a>.</p>`
      : children
        ? html`<ul class="tree">${sortedEntries(children.properties).map(([child, childSchema]) => propertyNode(`${children.prefix}${child}`, childSchema, false, tree))}</ul>`
        : undefined
  }`;
  return html`<li><details${children ? undefined : html` class="leaf"`}><summary><code>${key}</code> <span class="type">${typeName(schema)}</span> ${required}</summary>${body}</details></li>`;
}

function constraintRows(schema: PropertySchema): Html[] {
  const rows: Html[] = [];
  const row = (term: string, value: Html | string) => rows.push(html`<dt>${term}</dt><dd>${value}</dd>`);
  if (schema.default !== undefined) row('default', html`<code>${JSON.stringify(schema.default)}</code>`);
  if (schema.enum) row('one of', html`${schema.enum.map((member, index) => html`${index > 0 ? ', ' : ''}<code>${JSON.stringify(member)}</code>`)}`);
  const range = rangeText(schema);
  if (range) row('range', range);
  if (schema.pattern) row('pattern', html`<code>${schema.pattern}</code>`);
  if (schema.format) row('format', schema.format);
  for (const group of schema.exclusive ?? []) {
    const keys = Array.isArray(group) ? group : (group as { keys: readonly string[] }).keys;
    const exactlyOne = !Array.isArray(group) && (group as { required?: boolean }).required === true;
    row(exactlyOne ? 'exactly one of' : 'at most one of', keys.join(', '));
  }
  if (schema.platformReserved) row('platform-reserved', 'set by the ClusterProfile rendering; an author may not write it');
  if (schema.additionalProperties === true) row('other keys', 'accepted');
  return rows;
}

/** The bounds a schema states, as one line: `1 ≤ value ≤ 65535`, `length 1..63`, `2..5 items`. */
function rangeText(schema: PropertySchema): string | undefined {
  const parts: string[] = [];
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? '−∞'} ≤ value ≤ ${schema.maximum ?? '∞'}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`length ${schema.minLength ?? 0}..${schema.maxLength ?? '∞'}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) parts.push(`${schema.minItems ?? 0}..${schema.maxItems ?? '∞'} items`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** The type as an author reads it: `string`, `integer | string`, `object[]`, `map of string`. */
export function typeName(schema: PropertySchema): string {
  const types = schema.types ?? (schema.type ? [schema.type] : ['any']);
  return types
    .map((type) => {
      if (type === 'array') return schema.items ? `${typeName(schema.items)}[]` : 'array';
      if (type === 'object' && typeof schema.additionalProperties === 'object' && !schema.properties) return `map of ${typeName(schema.additionalProperties)}`;
      return type;
    })
    .join(' | ');
}

function sortedEntries(properties: PropertiesSchema): Array<[string, PropertySchema]> {
  return Object.entries(properties).sort(([a], [b]) => a.localeCompare(b));
}
