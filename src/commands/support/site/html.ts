/** Markup already escaped: what `html` and `raw` return, and what `html` inserts as it is. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Value = Html | string | number | boolean | undefined | null | readonly Value[];

/** Text made safe for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A template of markup: every interpolated string is escaped, `Html` is inserted as it is, an
 * array is joined, and `undefined`, `null` and `false` insert nothing (for optional parts).
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0];
  for (let index = 0; index < values.length; index++) out += insert(values[index]) + strings[index + 1];
  return new Html(out);
}

/** Markup that is trusted as it is: a library's code, a stylesheet, a serialized SVG. */
export function raw(text: string): Html {
  return new Html(text);
}

function insert(value: Value): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(insert).join('');
  return escapeHtml(String(value));
}

/** A value for a `<script>` element: JSON that cannot close the element or open a comment. */
export function scriptJson(value: unknown): Html {
  return new Html(JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));
}
