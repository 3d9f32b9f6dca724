// Small readers of TypeScript type nodes, shared by the type reader.
import ts from 'typescript';

/** Raw JSON: any value, said in the description. */
export function freeForm(description, key) {
  return { description: `${description || `The ${key} field.`} Free-form: any JSON value, not checked.` };
}

export function propertyName(member) {
  const name = member.name;
  return ts.isStringLiteral(name) || ts.isIdentifier(name) ? name.text : name.getText();
}

export function literalType(node) {
  const kind = node.literal.kind;
  if (kind === ts.SyntaxKind.StringLiteral) return 'string';
  if (kind === ts.SyntaxKind.NumericLiteral) return 'integer';
  if (kind === ts.SyntaxKind.TrueKeyword || kind === ts.SyntaxKind.FalseKeyword) return 'boolean';
  return undefined;
}

export function literalEnum(nodes) {
  const values = nodes.map((n) => {
    const lit = n.literal;
    if (lit.kind === ts.SyntaxKind.StringLiteral) return lit.text;
    if (lit.kind === ts.SyntaxKind.NumericLiteral) return Number(lit.text);
    return lit.kind === ts.SyntaxKind.TrueKeyword;
  });
  const type = literalType(nodes[0]);
  return { type, enum: values };
}

export function keywordType(node, numberType) {
  if (node.kind === ts.SyntaxKind.StringKeyword) return 'string';
  if (node.kind === ts.SyntaxKind.NumberKeyword) return numberType;
  if (node.kind === ts.SyntaxKind.BooleanKeyword) return 'boolean';
  return undefined;
}

/** JSDoc text as one description: markdown escapes undone, blank lines kept. */
export function cleanDoc(text) {
  return text
    .replace(/\\([*_`])/g, '$1')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}
