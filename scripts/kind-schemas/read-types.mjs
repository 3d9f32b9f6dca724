// Reads model interfaces out of the `.d.ts` files of a kubernetes-models package with the
// TypeScript compiler API and turns them into property-schema nodes. Named interfaces become
// definitions (one per interface, shared by every reference); everything else is inlined.
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';
import { cleanDoc, freeForm, keywordType, literalEnum, literalType, propertyName } from './type-nodes.mjs';

const ROOT_FIELDS = new Set(['apiVersion', 'kind', 'metadata', 'status']);

/**
 * A node is a plain schema object; a reference to a definition is `{ $ref: id, ...overrides }`.
 * A definition is `{ id, module, name, schema, deps }`.
 */
export class TypeReader {
  /**
   * @param {{ package: string, number?: 'integer'|'number', required?: 'required'|'zero-default', defaults?: Record<string, unknown> }} request
   * @param {string} modulesDir a folder laid out as node_modules, holding the package and those its models import
   */
  constructor(request, modulesDir) {
    this.request = request;
    this.numberType = request.number ?? 'integer';
    this.zeroDefaults = request.required === 'zero-default';
    this.overrides = request.defaults ?? {};
    this.omitEmpty = new Set(request.omitEmpty ?? []);
    this.modulesDir = modulesDir;
    this.packageRoot = join(modulesDir, request.package);
    this.definitions = new Map();
    this.stack = [];
  }

  /** Resolves `group/version/Type` to its declaration and reads it. */
  read(typePaths) {
    const files = typePaths.map((path) => `${this.packageRoot}/${path}.d.ts`);
    // The models import each other by package name (`@kubernetes-models/apimachinery/...`), which
    // resolve under the modules folder.
    this.program = ts.createProgram(files, { strict: true, skipLibCheck: true, noEmit: true, moduleResolution: ts.ModuleResolutionKind.Node10, baseUrl: this.modulesDir });
    this.checker = this.program.getTypeChecker();
    const roots = [];
    for (const path of typePaths) {
      const source = this.program.getSourceFile(`${this.packageRoot}/${path}.d.ts`);
      if (!source) throw new Error(`no declaration file for "${path}" in ${this.request.package}`);
      const name = path.split('/').pop();
      const declaration = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === `I${name}`);
      if (!declaration) throw new Error(`no interface I${name} in ${path}.d.ts`);
      roots.push(this.definition(declaration, { root: true }));
    }
    return { roots, definitions: [...this.definitions.values()] };
  }

  definition(declaration, { root = false } = {}) {
    const name = declaration.name.text.replace(/^I/, '');
    const id = `${this.moduleOf(declaration)}:${name}`;
    if (this.definitions.has(id) && !this.stack.includes(id)) return id;
    const description = this.docOf(declaration) || `A ${name}.`;
    const members = this.interfaceMembers(declaration).map((node) => ({ node, optional: Boolean(node.questionToken) }));
    return this.define(id, description, () => this.objectOf(members, description, name, root));
  }

  define(id, description, build) {
    const [module, name] = id.split(':');
    this.stack.push(id);
    const entry = { id, module, name, schema: undefined, description };
    this.definitions.set(id, entry);
    entry.schema = build();
    this.stack.pop();
    // Re-insert so that a definition comes after every definition it references.
    this.definitions.delete(id);
    this.definitions.set(id, entry);
    return id;
  }

  interfaceMembers(declaration) {
    const type = this.checker.getDeclaredTypeOfSymbol(this.checker.getSymbolAtLocation(declaration.name));
    return type.getProperties().map((symbol) => symbol.valueDeclaration ?? symbol.declarations[0]).filter((d) => d && ts.isPropertySignature(d));
  }

  /** The module a declaration belongs to: its folder under the package, as `group-version`. */
  moduleOf(declaration) {
    const file = declaration.getSourceFile().fileName;
    const parts = relative(this.modulesDir, dirname(file)).split(sep);
    const packageParts = parts[0].startsWith('@') ? 2 : 1;
    const folders = parts.slice(packageParts).filter((p) => p !== 'apis' && p !== 'api');
    if (folders.length === 1 && /^v\d/.test(folders[0])) return `core-${folders[0]}`;
    return folders.map((p) => p.split('.')[0]).join('-') || parts.slice(0, packageParts).join('-').replace('@', '');
  }

  docOf(node) {
    const symbol = node.name ? this.checker.getSymbolAtLocation(node.name) : undefined;
    const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(this.checker)) : '';
    return cleanDoc(text);
  }

  /** An object schema from property signatures (and index signatures of a type literal). */
  objectOf(members, description, ownerName, root = false, indexType) {
    const properties = {};
    for (const { node: member, optional } of members) {
      const key = propertyName(member);
      if (root && ROOT_FIELDS.has(key)) continue;
      const doc = this.docOf(member);
      const schema = member.type ? this.schemaOf(member.type, doc, key) : { description: doc || `The ${key} field.` };
      const override = this.overrides[`${ownerName}.${key}`];
      if (override !== undefined) schema.default = override;
      else if (!optional) {
        if (this.zeroDefaults && this.omitEmpty.has(`${ownerName}.${key}`)) {
          // Required by the API, but `omitempty` in Go: an absent member is not written.
        } else if (this.zeroDefaults) schema.default = this.zeroOf(schema);
        else schema.required = true;
      }
      properties[key] = schema;
    }
    const out = { type: 'object', description, properties };
    if (indexType) out.additionalProperties = this.valueSchema(indexType, `A value of ${ownerName}.`);
    return out;
  }

  valueSchema(node, description) {
    return node.kind === ts.SyntaxKind.AnyKeyword || node.kind === ts.SyntaxKind.UnknownKeyword ? true : this.schemaOf(node, description, 'value');
  }

  /** The schema of a type node; `description` is the member's own. */
  schemaOf(node, description, key) {
    const describe = (schema, fallback) => ({ ...schema, description: description || fallback || schema.description || `The ${key} field.` });
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return describe({ type: 'string' });
      case ts.SyntaxKind.NumberKeyword:
        return describe({ type: this.numberType });
      case ts.SyntaxKind.BooleanKeyword:
        return describe({ type: 'boolean' });
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.ObjectKeyword:
        return freeForm(description, key);
      case ts.SyntaxKind.ParenthesizedType:
        return this.schemaOf(node.type, description, key);
      case ts.SyntaxKind.LiteralType:
        return describe(literalEnum([node]));
      case ts.SyntaxKind.ArrayType:
        return describe({ type: 'array', items: this.itemSchema(node.elementType, key) });
      case ts.SyntaxKind.TypeLiteral:
      case ts.SyntaxKind.IntersectionType:
        return this.literalObject(node, description, key);
      case ts.SyntaxKind.UnionType:
        return this.unionOf(node, description, key);
      case ts.SyntaxKind.TypeReference:
        return this.referenceOf(node, description, key);
      case ts.SyntaxKind.IndexedAccessType:
        return freeForm(description, key);
      default:
        throw new Error(`unsupported type node ${ts.SyntaxKind[node.kind]} at "${key}"`);
    }
  }

  itemSchema(node, key) {
    const schema = this.schemaOf(node, '', key);
    if (!schema.$ref && schema.description === `The ${key} field.`) schema.description = `One element of ${key}.`;
    return schema;
  }

  /** A type literal, or an intersection whose union parts only refine what the first part declares. */
  literalObject(node, description, key) {
    const members = [];
    let indexType;
    const seen = new Set();
    const collect = (part, optionalOnly) => {
      if (ts.isParenthesizedTypeNode(part)) return collect(part.type, optionalOnly);
      if (ts.isUnionTypeNode(part)) return part.types.forEach((t) => collect(t, true));
      if (ts.isIntersectionTypeNode(part)) return part.types.forEach((t) => collect(t, optionalOnly));
      if (!ts.isTypeLiteralNode(part)) return;
      for (const member of part.members) {
        if (ts.isIndexSignatureDeclaration(member)) indexType ??= member.type;
        if (!ts.isPropertySignature(member) || seen.has(propertyName(member))) continue;
        seen.add(propertyName(member));
        members.push({ node: member, optional: optionalOnly || Boolean(member.questionToken) });
      }
    };
    collect(node, false);
    const schema = this.objectOf(members, description || `The ${key} field.`, key, false, indexType);
    if (indexType && members.length === 0) delete schema.properties;
    if (!indexType && members.length === 0) return { type: 'object', additionalProperties: true, description: `${schema.description} Free-form: any keys, not checked.` };
    return schema;
  }

  unionOf(node, description, key) {
    const types = node.types.filter((t) => !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword) && t.kind !== ts.SyntaxKind.UndefinedKeyword);
    const describe = (schema) => ({ ...schema, description: description || `The ${key} field.` });
    if (types.some((t) => t.kind === ts.SyntaxKind.AnyKeyword)) return this.schemaOf(types.find((t) => t.kind === ts.SyntaxKind.AnyKeyword), description, key);
    if (types.every((t) => ts.isLiteralTypeNode(t))) return describe(literalEnum(types));
    if (types.length === 1) return this.schemaOf(types[0], description, key);
    const keywords = new Set(types.map((t) => (ts.isLiteralTypeNode(t) ? literalType(t) : keywordType(t, this.numberType))));
    if (keywords.has(undefined)) return this.literalObject(node, description, key);
    if (keywords.size === 1) return describe({ type: [...keywords][0] });
    if (keywords.has('integer')) keywords.delete('integer'), keywords.add('number');
    return describe({ types: [...keywords].sort() });
  }

  referenceOf(node, description, key) {
    const name = node.typeName.getText();
    if ((name === 'Array' || name === 'ReadonlyArray') && node.typeArguments?.length === 1) {
      return { type: 'array', description: description || `The ${key} field.`, items: this.itemSchema(node.typeArguments[0], key) };
    }
    if (name === 'Exclude' || name === 'Extract' || name === 'Omit' || name === 'Partial' || name === 'Record') {
      return freeForm(description, key);
    }
    let symbol = this.checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    if (!declaration) throw new Error(`cannot resolve type ${name} at "${key}"`);
    if (ts.isTypeAliasDeclaration(declaration)) return this.aliasOf(declaration, description, key);
    if (!ts.isInterfaceDeclaration(declaration)) throw new Error(`unsupported reference ${name} at "${key}"`);
    const id = declaration.name.text.replace(/^I/, '');
    const fullId = `${this.moduleOf(declaration)}:${id}`;
    if (this.stack.includes(fullId)) {
      return { type: 'object', additionalProperties: true, description: `${description || `The ${key} field.`} (A nested ${id}, not checked further.)` };
    }
    this.definition(declaration);
    return description ? { $ref: fullId, description } : { $ref: fullId };
  }

  aliasOf(declaration, description, key) {
    const name = declaration.name.text;
    const own = description || this.docOf(declaration) || `The ${key} field.`;
    if (/IntOrString$/.test(name)) return { types: ['integer', 'string'], description: own };
    if (/Quantity$/.test(name)) return { types: ['number', 'string'], description: own };
    return this.schemaOf(declaration.type, own, key);
  }

  /**
   * Go's zero value of a schema, as the reference prints a member without omitempty: "" / 0 /
   * false, a struct's own zero members, and null for a list, a map or free-form JSON.
   */
  zeroOf(schema) {
    if (schema.$ref) {
      const definition = this.definitions.get(schema.$ref);
      return definition ? this.zeroOf(definition.schema) : null;
    }
    if (schema.types) return schema.types.includes('integer') ? 0 : schema.types.includes('number') ? '0' : '';
    switch (schema.type) {
      case 'string':
        return '';
      case 'integer':
      case 'number':
        return 0;
      case 'boolean':
        return false;
      case 'object': {
        if (!schema.properties) return null;
        const zero = {};
        for (const [key, member] of Object.entries(schema.properties)) if (member.default !== undefined) zero[key] = member.default;
        return zero;
      }
      default:
        return null;
    }
  }
}
