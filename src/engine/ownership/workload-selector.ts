import { groupOf } from './label-places.js';
import type { ObjectLayouts } from './holders.js';
import type { WrittenMap } from '../../plugin-api/kit/index.js';

// A workload's own selector and the component label: it may require no other value for the key,
// and may not rule the label out of a pod template that carries none.

const isObject = (value: unknown): value is WrittenMap => typeof value === 'object' && value !== null && !Array.isArray(value);

export type SelectorFinding =
  | { refusal: 'requires-another'; path: string; required: string }
  | { refusal: 'rules-out'; path: string; how: string }
  | { unreadable: string; path: string };

interface Requirement {
  key: string;
  operator: string;
  values: string[];
  path: string;
}

/** The selector of a workload and its path, as its kind declares them, or undefined for a kind with none. */
function selectorOf(object: WrittenMap, layouts: ObjectLayouts): { selector: unknown; path: string; labelMap: boolean } | undefined {
  const place = typeof object.kind === 'string' ? layouts.objectLayout(groupOf(object), object.kind)?.podTemplate : undefined;
  if (!place?.selector) return undefined;
  const selector = place.selector.reduce<unknown>((node, step) => (isObject(node) ? node[step] : undefined), object);
  return { selector, path: place.selector.join('.'), labelMap: place.selectorIsLabelMap === true };
}

const quoteAll = (values: string[]) => values.map((value) => `"${value}"`).join(', ');

/** The requirements of a label selector, or the reason it cannot be read. */
function requirements(selector: WrittenMap, path: string): Requirement[] | { unreadable: string; path: string } {
  const out: Requirement[] = [];
  const matchLabels = selector.matchLabels;
  if (matchLabels !== undefined && matchLabels !== null) {
    if (!isObject(matchLabels) || Object.values(matchLabels).some((value) => typeof value !== 'string')) return { unreadable: 'matchLabels is no map of strings', path: `${path}.matchLabels` };
    for (const [key, value] of Object.entries(matchLabels)) out.push({ key, operator: 'In', values: [value as string], path: `${path}.matchLabels["${key}"]` });
  }
  const expressions = selector.matchExpressions;
  if (expressions !== undefined && expressions !== null) {
    if (!Array.isArray(expressions)) return { unreadable: 'matchExpressions is no list', path: `${path}.matchExpressions` };
    for (const [i, expression] of expressions.entries()) {
      const at = `${path}.matchExpressions[${i}]`;
      if (!isObject(expression) || typeof expression.key !== 'string' || typeof expression.operator !== 'string') return { unreadable: 'an expression has no key or operator', path: at };
      const values = expression.values ?? [];
      if (!Array.isArray(values) || values.some((value) => typeof value !== 'string')) return { unreadable: 'the values of an expression are no list of strings', path: `${at}.values` };
      out.push({ key: expression.key, operator: expression.operator, values, path: at });
    }
  }
  return out;
}

function matches(requirement: Requirement, labels: Record<string, string>): boolean {
  const has = Object.hasOwn(labels, requirement.key);
  switch (requirement.operator) {
    case 'In':
      return has && requirement.values.includes(labels[requirement.key]);
    case 'NotIn':
      return !has || !requirement.values.includes(labels[requirement.key]);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    default:
      return false;
  }
}

/**
 * Reads a workload's own selector against the component label: `accepted` are the values the
 * key may hold, `template` the pod template's labels (undefined when it has no pod template).
 */
export function checkWorkloadSelector(object: WrittenMap, key: string, accepted: string[], template: Record<string, string> | undefined, layouts: ObjectLayouts): SelectorFinding | undefined {
  const found = selectorOf(object, layouts);
  if (!found || found.selector === undefined || found.selector === null) return undefined;
  const { selector, path } = found;
  if (!isObject(selector)) return { unreadable: 'the selector is no object', path };
  if (found.labelMap) {
    if (!Object.hasOwn(selector, key)) return undefined;
    const value = selector[key];
    if (typeof value !== 'string' && value !== null) return { unreadable: `the entry for "${key}" is no string`, path: `${path}["${key}"]` };
    const required = value ?? '';
    return accepted.includes(required) ? undefined : { refusal: 'requires-another', path: `${path}["${key}"]`, required: `"${required}"` };
  }
  const read = requirements(selector, path);
  if (!Array.isArray(read)) return read;
  for (const requirement of read.filter((entry) => entry.key === key)) {
    if (requirement.operator === 'In' && !requirement.values.some((value) => accepted.includes(value))) {
      const required = requirement.values.length === 1 ? quoteAll(requirement.values) : `one of ${quoteAll(requirement.values)}`;
      return { refusal: 'requires-another', path: requirement.path, required };
    }
  }
  if (template === undefined || Object.hasOwn(template, key)) return undefined;
  if (!read.every((requirement) => matches(requirement, template))) return undefined;
  const labelled = { ...template, [key]: accepted[0] };
  const ruling = read.find((requirement) => requirement.key === key && !matches(requirement, labelled));
  if (!ruling) return undefined;
  const how = ruling.operator === 'DoesNotExist' ? 'its DoesNotExist' : `its NotIn holding "${accepted[0]}"`;
  return { refusal: 'rules-out', path: ruling.path, how };
}
