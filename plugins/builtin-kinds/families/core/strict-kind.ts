import { defineKind, type ComponentHandler, type KindDefinition, type PropertiesSchema, type PropertySchema } from 'kurel/plugin-api';
import { goJson, type GoFields } from '../../shared/go-json.js';
import { once, withLazyProperties } from '../../shared/lazy.js';
import { coreGoFields } from './go-fields.js';

type Json = Record<string, any>;

export interface StrictKindDefinition<P> extends Omit<KindDefinition<P>, 'properties' | 'content'> {
  /** The upstream type the properties decode into (a spec, or a whole object less its identity). */
  schema: () => PropertySchema;
  /** Top-level members the reference requires (the decode itself requires none). */
  required?: string[];
  /** Turns the printed properties into the object's content; the printed properties when absent. */
  content?: KindDefinition<P>['content'];
}

/** A kind decoded strictly into its upstream type and printed as the reference prints that type. */
export function strictKind<P = Json>(definition: StrictKindDefinition<P>): ComponentHandler<P> {
  const required = definition.required ?? [];
  const properties = once(() => topLevel(definition.schema(), required));
  const printing = once(() => {
    const upstream = definition.schema().properties ?? {};
    // A required member without omitempty upstream (it had a zero default) is printed even when empty.
    const noOmitEmpty = required.filter((key) => upstream[key]?.default !== undefined).map((key) => properties()[key]);
    const fields: GoFields = { ...coreGoFields(), keepEmpty: new Set([...(coreGoFields().keepEmpty ?? []), ...noOmitEmpty]) };
    return { schema: { type: 'object', properties: properties() } satisfies PropertySchema, fields };
  });
  const handler = defineKind<P>({
    ...definition,
    properties: {},
    content(props, input, ctx) {
      const content = definition.content ? definition.content(props, input, ctx) : (props as Json);
      const { schema, fields } = printing();
      return goJson(content, schema, fields) as Json;
    },
  });
  return withLazyProperties(handler, properties);
}

function topLevel(schema: PropertySchema, required: string[]): PropertiesSchema {
  const out: PropertiesSchema = { ...schema.properties };
  for (const key of required) {
    const { default: _zero, ...rest } = out[key];
    out[key] = { ...rest, required: true };
  }
  return out;
}
