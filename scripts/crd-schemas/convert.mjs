// Turns a CRD's openAPIV3Schema into the property-schema vocabulary of the plugin API.
//
// What carries over: types, descriptions (their first paragraph), enums, patterns, formats and
// bounds, and strictness: an object refuses the keys it does not declare unless upstream keeps
// unknown fields (x-kubernetes-preserve-unknown-fields) or declares a map (additionalProperties).
// What does not: upstream defaults (the API server applies them when the object is stored; the
// reference writes what was authored), and a key that has a default is not required for the same
// reason. CEL rules (x-kubernetes-validations) and oneOf/anyOf constraints are left to the API
// server and to the kinds' own checks.

/** resource.Quantity's pattern, as controller-gen writes it: such a value is a quantity. */
export const QUANTITY_PATTERN = '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

const BOUNDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];

/**
 * @param {object} node an openAPIV3Schema node
 * @param {string[]} notes where something upstream states could not be kept, one line each
 * @param {string} at the node's path, for the notes
 */
export function convert(node, notes = [], at = '', fallback = undefined) {
  const out = {};
  if (node['x-kubernetes-int-or-string']) out.types = node.pattern === QUANTITY_PATTERN ? ['number', 'string'] : ['integer', 'string'];
  else if (node.type) out.type = node.type;
  // Every property of a built-in type is described: where upstream is silent, the place says what it is.
  const description = firstParagraph(node.description) ?? fallback;
  if (description) out.description = description;
  if (Array.isArray(node.enum)) {
    const members = node.enum.filter((member) => member !== null);
    if (members.length > 0) out.enum = members;
  }
  if (node.format) out.format = node.format;
  // A quantity's pattern is read by the encoder, which refuses a value that is no quantity in words.
  if (node.pattern && node.pattern !== QUANTITY_PATTERN) {
    if (compiles(node.pattern)) out.pattern = node.pattern;
    else notes.push(`${at || '(root)'}: pattern ${node.pattern} is not an ECMAScript regular expression; not checked`);
  }
  for (const bound of BOUNDS) if (typeof node[bound] === 'number') out[bound] = node[bound];
  if (node.type === 'array' && node.items) out.items = convert(node.items, notes, `${at}[]`, 'An element of the list (not described upstream).');
  if (node.type === 'object' || node.properties) objectMembers(node, out, notes, at);
  return out;
}

function objectMembers(node, out, notes, at) {
  const preserve = node['x-kubernetes-preserve-unknown-fields'] === true;
  if (node.properties) {
    const required = new Set(node.required ?? []);
    out.properties = {};
    for (const key of Object.keys(node.properties).sort()) {
      const member = key === 'metadata' && at ? withObjectMeta(node.properties[key]) : node.properties[key];
      const converted = convert(member, notes, at ? `${at}.${key}` : key, `The ${key} field (not described upstream).`);
      if (required.has(key) && member.default === undefined) converted.required = true;
      out.properties[key] = converted;
    }
    if (preserve) out.additionalProperties = true;
    return;
  }
  if (node.additionalProperties === true || preserve) out.additionalProperties = true;
  else if (node.additionalProperties && typeof node.additionalProperties === 'object') out.additionalProperties = convert(node.additionalProperties, notes, `${at}.*`, 'A value of the map (not described upstream).');
}

const stringMap = (description) => ({ type: 'object', description, additionalProperties: { type: 'string' } });

/**
 * The fields of a metav1.ObjectMeta an author writes in an embedded template. controller-gen
 * describes an embedded ObjectMeta as a bare object; the Go type still decodes its fields, so the
 * reference takes them where the CRD lists none.
 */
export const EMBEDDED_OBJECT_META = {
  name: { type: 'string', description: 'The name of the object made from the template.' },
  generateName: { type: 'string', description: 'A prefix the server completes into a unique name.' },
  namespace: { type: 'string', description: 'The namespace of the object made from the template.' },
  labels: stringMap('Labels of the object made from the template.'),
  annotations: stringMap('Annotations of the object made from the template.'),
  finalizers: { type: 'array', description: 'Finalizers of the object made from the template.', items: { type: 'string' } },
};

/** A `metadata` member controller-gen left bare (an embedded ObjectMeta), with ObjectMeta's authored fields. */
function withObjectMeta(node) {
  const bare = node.type === 'object' && !node.properties && !node.additionalProperties && !node['x-kubernetes-preserve-unknown-fields'];
  return bare ? { ...node, properties: EMBEDDED_OBJECT_META } : node;
}

/** The first paragraph of an upstream description, on one line. */
function firstParagraph(text) {
  if (typeof text !== 'string') return undefined;
  const paragraph = text.trim().split(/\n\s*\n/)[0];
  return paragraph.replace(/\s+/g, ' ').trim() || undefined;
}

function compiles(pattern) {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * The definitions of one CRD, one per version: the object's own fields (apiVersion, kind,
 * metadata and status left out), named after the kind under `<group>-<version>`.
 */
export function crdDefinitions(crd, notes = []) {
  const { group, names, versions } = crd.spec;
  return versions.map((version) => {
    const root = version.schema?.openAPIV3Schema ?? { type: 'object' };
    const fields = Object.fromEntries(Object.entries(root.properties ?? {}).filter(([key]) => !['apiVersion', 'kind', 'metadata', 'status'].includes(key)));
    const schema = convert({ ...root, properties: fields }, notes, `${names.kind} ${version.name}`);
    return { id: `${group}/${version.name}/${names.kind}`, module: `${group}-${version.name}`, name: names.kind, schema };
  });
}
