import { RefusalClass, type HandlerContext, type K8sObject } from 'kurel/plugin-api';
import { isPlainObject } from 'kurel/plugin-kit';
import { isList, parseYamlStream } from '../escape-hatches/documents.js';

// What `helm template` prints, read the way the reference reads a rendered chart: documents
// ordered by template path (helm itself sorts them by kind and prints hooks last), in document
// order within one template; empty documents skipped; lists flattened.

export interface RenderedObject {
  object: K8sObject;
  /** The template that rendered it (`<chart>/templates/<file>`). */
  template: string;
}

const HOOK = 'helm.sh/hook';
const SOURCE = /^# Source: (.+)$/m;

interface Rendered {
  template: string;
  text: string;
  index: number;
}

/** The rendered text split into documents, each with its template, ordered by template path. */
export function splitRendered(text: string): Rendered[] {
  const documents = text
    .split(/^---[ \t]*$/m)
    .map((chunk, index) => ({ template: SOURCE.exec(chunk)?.[1].trim() ?? '', text: chunk, index }))
    .filter((document) => document.text.replace(/^#.*$/gm, '').trim() !== '');
  // Byte order of the paths, as Go sorts strings; a stable sort keeps document order within one.
  const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  return documents.sort((a, b) => byteOrder(a.template, b.template) || a.index - b.index);
}

/** The objects a chart rendered, in the reference's order; a hook inside a list is refused. */
export function readRendered(text: string, ctx: Pick<HandlerContext, 'fail' | 'violate'>): RenderedObject[] {
  const out: RenderedObject[] = [];
  for (const document of splitRendered(text)) {
    const where = document.template || 'a document with no # Source line';
    for (const parsed of parseYamlStream(document.text)) {
      const problem = parsed.errors[0];
      if (problem) ctx.violate(RefusalClass.unreadableObject, `the chart rendered ${where} as invalid YAML: ${problem.message}`);
      const value: unknown = parsed.toJS({ maxAliasCount: 100 });
      if (value === null || value === undefined) continue;
      add(value, where, document.template, false, out, ctx);
    }
  }
  return out;
}

function add(value: unknown, where: string, template: string, inList: boolean, out: RenderedObject[], ctx: Pick<HandlerContext, 'fail' | 'violate'>): void {
  if (!isPlainObject(value)) ctx.violate(RefusalClass.unreadableObject, `the chart rendered a document that is not a map in ${where}`);
  const object = value as Record<string, unknown>;
  const annotations = isPlainObject(object.metadata) ? (object.metadata as { annotations?: unknown }).annotations : undefined;
  const hooked = isPlainObject(annotations) && (annotations as Record<string, unknown>)[HOOK] !== undefined;
  if (isList(object)) {
    if (hooked) ctx.fail(`the chart rendered a ${String(object.kind)} with a ${HOOK} annotation in ${where}; a hook must be an object of its own, not a list`);
    (object.items as unknown[]).forEach((item) => add(item, where, template, true, out, ctx));
    return;
  }
  if (inList && hooked) ctx.fail(`the chart rendered a list item with a ${HOOK} annotation in ${where}; a hook must be an object of its own, not a list item`);
  for (const key of ['apiVersion', 'kind']) {
    if (typeof object[key] !== 'string' || object[key] === '') ctx.violate(RefusalClass.unreadableObject, `the chart rendered an object with no ${key} in ${where}`);
  }
  const metadata = object.metadata;
  if (!isPlainObject(metadata) || typeof (metadata as { name?: unknown }).name !== 'string' || (metadata as { name: string }).name === '') {
    ctx.violate(RefusalClass.unreadableObject, `the chart rendered a ${String(object.kind)} with no metadata.name in ${where}`);
  }
  out.push({ object: object as unknown as K8sObject, template });
}
