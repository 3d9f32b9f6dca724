import { describe, expect, it } from 'vitest';
import { type PropertiesSchema, type PropertySchema } from '../../../src/plugin-api/index.js';
import { describeValue, typeWords, validateProperties, type SchemaIssue } from '../../../src/plugin-api/kit/index.js';
import { checkProperties } from '../../../src/plugin-api/kit/validate.js';

const schema: PropertiesSchema = {
  image: { type: 'string', required: true, description: 'Image.' },
  port: { type: 'integer', default: 80, description: 'Port.' },
  ratio: { type: 'number', description: 'Ratio.' },
  target: { types: ['integer', 'string'], description: 'IntOrString.' },
  mode: { type: 'string', enum: ['fast', 'safe'], default: 'safe', description: 'Mode.' },
  ports: {
    type: 'array',
    description: 'Ports.',
    items: {
      type: 'object',
      description: 'One port.',
      properties: { port: { type: 'integer', required: true, description: 'Port.' }, protocol: { type: 'string', default: 'TCP', description: 'Protocol.' } },
    },
  },
  labels: { type: 'object', additionalProperties: { type: 'string', description: 'Value.' }, description: 'Labels.' },
  raw: { type: 'object', additionalProperties: true, description: 'Anything.' },
  source: {
    type: 'object',
    description: 'One of two.',
    properties: { url: { type: 'string', description: 'URL.' }, name: { type: 'string', description: 'Name.' } },
    exclusive: [['url', 'name']],
  },
  networkPolicy: { type: 'object', platformReserved: true, additionalProperties: true, description: 'Reserved.' },
};

function issues(value: unknown, options = {}) {
  return validateProperties(schema, value, options).issues;
}

describe('validateProperties: unknown keys', () => {
  it('refuses every unknown key at the key, in the order of the object, with the sorted allowed list', () => {
    expect(issues({ image: 'a', zeta: 1, alpha: 2 })).toEqual([
      { path: ['zeta'], message: 'unsupported field "zeta" (allowed: image, labels, mode, networkPolicy, port, ports, ratio, raw, source, target)' },
      { path: ['alpha'], message: 'unsupported field "alpha" (allowed: image, labels, mode, networkPolicy, port, ports, ratio, raw, source, target)' },
    ]);
  });

  it('gives each refused key of one object its own ending: the allowed list, a suggestion, a hint, in any mix', () => {
    const allowed = '(allowed: image, labels, mode, networkPolicy, port, ports, ratio, raw, source, target)';
    const found = issues({ image: 'a', a1: 1, imagee: 2, b1: 3, labells: 4, z1: 5 }, { hints: { b1: 'b1 went away' } });
    expect(found).toEqual([
      { path: ['a1'], message: `unsupported field "a1" ${allowed}` },
      { path: ['imagee'], message: 'unsupported field "imagee" (did you mean "image"?)' },
      { path: ['b1'], message: `unsupported field "b1" ${allowed}; b1: b1 went away` },
      { path: ['labells'], message: 'unsupported field "labells" (did you mean "labels"?)' },
      { path: ['z1'], message: `unsupported field "z1" ${allowed}` },
    ]);
  });

  it('lists the allowed fields in full for the first 100 keys of an object refused with them, and points the rest to the first', () => {
    const allowed = '(allowed: image, labels, mode, networkPolicy, port, ports, ratio, raw, source, target)';
    // Refused in the object's order: a000 to a101, then "imagee", which gets a suggestion, then "z1", which has a hint.
    const keys = Array.from({ length: 102 }, (_, index) => `a${String(index).padStart(3, '0')}`);
    const value = Object.fromEntries([['image', 'a'], ...keys.map((key) => [key, 1]), ['imagee', 2], ['z1', 0]]);
    const found = issues(value, { hints: { z1: 'z1 went away' } });
    expect(found).toHaveLength(104);
    expect(found.slice(0, 100)).toEqual(keys.slice(0, 100).map((key) => ({ path: [key], message: `unsupported field "${key}" ${allowed}` })));
    expect(found.slice(100)).toEqual([
      { path: ['a100'], message: 'unsupported field "a100" (allowed: as listed for "a000")' },
      { path: ['a101'], message: 'unsupported field "a101" (allowed: as listed for "a000")' },
      { path: ['imagee'], message: 'unsupported field "imagee" (did you mean "image"?)' },
      { path: ['z1'], message: 'unsupported field "z1" (allowed: as listed for "a000"); z1: z1 went away' },
    ]);
  });

  it('lists the allowed fields in full for the first refused in the object\'s order, not in sorted order', () => {
    const keys = [...Array.from({ length: 100 }, (_, index) => `b${String(index).padStart(3, '0')}`), 'a000'];
    const found = issues(Object.fromEntries(keys.map((key) => [key, 1])));
    expect(found.map(({ path }) => path[0])).toEqual(keys);
    expect(found[0].message).toMatch(/^unsupported field "b000" \(allowed: image, /);
    expect(found[100]).toEqual({ path: ['a000'], message: 'unsupported field "a000" (allowed: as listed for "b000")' });
  });

  it('counts the keys listed in full in each object apart', () => {
    const many = (prefix: string) => Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`${prefix}${String(index).padStart(3, '0')}`, 1]));
    const found = validateProperties({ a: { type: 'object', properties: { x: { type: 'string', description: 'X.' } }, description: 'A.' }, b: { type: 'object', properties: { y: { type: 'string', description: 'Y.' } }, description: 'B.' } }, { a: many('p'), b: many('q') }).issues;
    expect(found.filter(({ message }) => message.endsWith('(allowed: x)'))).toHaveLength(100);
    expect(found.filter(({ message }) => message.endsWith('(allowed: y)'))).toHaveLength(100);
    expect(found.filter(({ message }) => message.includes('as listed for')).map(({ message }) => message)).toEqual([
      'unsupported field "p100" (allowed: as listed for "p000")',
      'unsupported field "q100" (allowed: as listed for "q000")',
    ]);
  });

  it('refuses an unknown nested key at the key', () => {
    expect(issues({ ports: [{ port: 80, protcol: 'TCP' }] })).toEqual([{ path: ['ports', 0, 'protcol'], message: 'unsupported field "protcol" (allowed: port, protocol)' }]);
  });

  it('leaves platform-reserved keys out of the allowed list of the authored surface', () => {
    expect(issues({ x: 1 }, { refuseReserved: true })[0].message).toBe(
      'unsupported field "x" (allowed: image, labels, mode, port, ports, ratio, raw, source, target)',
    );
  });

  it('refuses a key every object inherits (constructor, toString, __proto__) as unknown: the schema does not declare it', () => {
    const value = JSON.parse('{"image": "a", "constructor": 1, "toString": "x", "__proto__": {"port": 1}}') as Record<string, unknown>;
    expect(issues(value).map((issue) => issue.path)).toEqual([['constructor'], ['toString'], ['__proto__']]);
    expect(issues({ ports: [{ port: 80, hasOwnProperty: true }] })).toEqual([{ path: ['ports', 0, 'hasOwnProperty'], message: 'unsupported field "hasOwnProperty" (allowed: port, protocol)' }]);
  });

  it('keeps an own __proto__ key of an open object a key of the result', () => {
    const raw = JSON.parse('{"__proto__": {"polluted": true}, "b": 1}') as Record<string, unknown>;
    const { value, issues: found } = validateProperties(schema, { raw });
    expect(found).toEqual([]);
    const checked = value.raw as Record<string, unknown>;
    expect(Object.getPrototypeOf(checked)).toBe(Object.prototype);
    expect(Object.keys(checked)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(checked, '__proto__')?.value).toEqual({ polluted: true });
  });

  it('places each issue at its own path, however many come from one object', () => {
    expect(issues({ ports: [{ port: 'a' }, { port: 80, protocol: 5 }, { port: 1, x: 1 }], labels: { a: 1, b: 'ok', c: true } })).toEqual([
      { path: ['ports', 0, 'port'], message: 'expected a whole number, got a string' },
      { path: ['ports', 1, 'protocol'], message: 'expected a string, got a number' },
      { path: ['ports', 2, 'x'], message: 'unsupported field "x" (allowed: port, protocol)' },
      { path: ['labels', 'a'], message: 'expected a string, got a number' },
      { path: ['labels', 'c'], message: 'expected a string, got true' },
    ]);
  });

  it('accepts any key of an open object and checks additional values against their schema', () => {
    expect(issues({ raw: { anything: { deep: [1, 'two'] } }, labels: { team: 'a' } })).toEqual([]);
    expect(issues({ labels: { team: 5 } })).toEqual([{ path: ['labels', 'team'], message: 'expected a string, got a number' }]);
  });
});

describe('validateProperties: types', () => {
  it('names the Go type of the wrong value', () => {
    expect(issues({ image: 5 })).toEqual([{ path: ['image'], message: 'expected a string, got a number' }]);
    expect(issues({ port: '80' })).toEqual([{ path: ['port'], message: 'expected a whole number, got a string' }]);
    expect(issues({ port: 80.5 })).toEqual([{ path: ['port'], message: 'expected a whole number, got a number' }]);
    expect(issues({ ports: { port: 80 } })).toEqual([{ path: ['ports'], message: 'expected a list, got a map' }]);
    expect(issues({ labels: ['a'] })).toEqual([{ path: ['labels'], message: 'expected a map, got a list' }]);
    expect(issues({ image: true })).toEqual([{ path: ['image'], message: 'expected a string, got true' }]);
  });

  it('accepts a number of either kind for a number', () => {
    expect(issues({ ratio: 0.5 })).toEqual([]);
    expect(issues({ ratio: 2 })).toEqual([]);
  });

  it('accepts any member of a union and names the union otherwise', () => {
    expect(issues({ target: 8080 })).toEqual([]);
    expect(issues({ target: 'http' })).toEqual([]);
    expect(issues({ target: true })).toEqual([{ path: ['target'], message: 'expected a whole number or a string, got true' }]);
  });

  it('refuses a value outside the enum', () => {
    expect(issues({ mode: 'slow' })).toEqual([{ path: ['mode'], message: '"slow" is not allowed; must be one of: fast, safe' }]);
  });

  it('matches enum members as JSON text does: a string only by a string, a structure by its text', () => {
    const members: PropertiesSchema = {
      word: { types: ['string', 'boolean', 'integer'], enum: ['true', 1, false], description: 'W.' },
      shape: { type: 'object', additionalProperties: true, enum: [{ a: 1 }], description: 'S.' },
    };
    const check = (value: unknown) => validateProperties(members, value).issues.length;
    expect([check({ word: 'true' }), check({ word: 1 }), check({ word: false })]).toEqual([0, 0, 0]);
    expect([check({ word: true }), check({ word: '1' }), check({ word: 'false' })]).toEqual([1, 1, 1]);
    expect([check({ shape: { a: 1 } }), check({ shape: { a: 2 } })]).toEqual([0, 1]);
  });
});

describe('validateProperties: required, null and defaults', () => {
  it('enforces top-level required only when asked', () => {
    expect(issues({})).toEqual([]);
    expect(issues({}, { topLevelRequired: true })).toEqual([{ path: [], message: '"image" is required' }]);
  });

  it('always enforces nested required keys', () => {
    expect(issues({ ports: [{ protocol: 'UDP' }] })).toEqual([{ path: ['ports', 0], message: '"port" is required' }]);
  });

  it('counts a nested required key as set where the value merged under it sets it, but not inside a list', () => {
    const nested: PropertiesSchema = {
      issuerRef: { type: 'object', description: 'Issuer.', properties: { name: { type: 'string', required: true, description: 'Name.' }, kind: { type: 'string', description: 'Kind.' } } },
      refs: { type: 'array', description: 'Refs.', items: { type: 'object', description: 'Ref.', properties: { name: { type: 'string', required: true, description: 'Name.' } } } },
    };
    const check = (value: unknown, mergedUnder?: Record<string, unknown>) => validateProperties(nested, value, mergedUnder ? { mergedUnder } : {}).issues;
    expect(check({ issuerRef: { kind: 'Issuer' } })).toEqual([{ path: ['issuerRef'], message: '"name" is required' }]);
    expect(check({ issuerRef: { kind: 'Issuer' } }, { issuerRef: { name: 'ca' } })).toEqual([]);
    expect(check({ issuerRef: { kind: 'Issuer' } }, { issuerRef: { name: null } })).toEqual([{ path: ['issuerRef'], message: '"name" is required' }]);
    expect(check({ issuerRef: { kind: 'Issuer' } }, { issuerRef: 'ca' })).toEqual([{ path: ['issuerRef'], message: '"name" is required' }]);
    expect(check({ refs: [{}] }, { refs: [{ name: 'a' }] })).toEqual([{ path: ['refs', 0], message: '"name" is required' }]);
  });

  it('treats an explicit null as absent', () => {
    const result = validateProperties(schema, { image: 'a', port: null, ratio: null }, { applyDefaults: true });
    expect(result.issues).toEqual([]);
    expect(result.value).toEqual({ image: 'a', port: 80, mode: 'safe' });
    expect(validateProperties(schema, { image: null }, { topLevelRequired: true }).issues).toEqual([{ path: [], message: '"image" is required' }]);
  });

  it('refuses a null list element', () => {
    expect(issues({ ports: [{ port: 80 }, null] })).toEqual([{ path: ['ports', 1], message: 'null is not allowed as a list element' }]);
  });

  it('fills defaults only when asked, at every depth, without sharing them', () => {
    expect(validateProperties(schema, { image: 'a' }).value).toEqual({ image: 'a' });
    const first = validateProperties(schema, { image: 'a', ports: [{ port: 80 }] }, { applyDefaults: true }).value;
    expect(first).toEqual({ image: 'a', port: 80, mode: 'safe', ports: [{ port: 80, protocol: 'TCP' }] });
    const withList: PropertiesSchema = { hosts: { type: 'array', default: ['a'], description: 'Hosts.' } };
    const one = validateProperties(withList, {}, { applyDefaults: true }).value.hosts as string[];
    one.push('mutated');
    expect(validateProperties(withList, {}, { applyDefaults: true }).value.hosts).toEqual(['a']);
  });

  it('reads undefined or null properties as an empty object', () => {
    expect(validateProperties(schema, undefined, { applyDefaults: true }).value).toEqual({ port: 80, mode: 'safe' });
    expect(validateProperties(schema, null).issues).toEqual([]);
  });
});

describe('validateProperties: exclusive and platform-reserved', () => {
  it('refuses two keys of one exclusive group', () => {
    expect(issues({ source: { url: 'https://x', name: 'y' } })).toEqual([{ path: ['source'], message: 'only one of url, name may be set (got url, name)' }]);
    expect(issues({ source: { url: 'https://x', name: null } })).toEqual([]);
  });

  it('holds a required group to exactly one key below the top level and where top-level required is enforced, at most one on an authored top level', () => {
    const schema: PropertiesSchema = {
      a: { type: 'string', description: 'A.' },
      b: { type: 'string', description: 'B.' },
      nested: {
        type: 'object',
        description: 'N.',
        properties: { x: { type: 'string', description: 'X.' }, y: { type: 'string', description: 'Y.' } },
        exclusive: [{ keys: ['x', 'y'], required: true }],
      },
    };
    const top: PropertySchema = { type: 'object', description: 'Root.', properties: schema, exclusive: [{ keys: ['a', 'b'], required: true }] };
    const wrapped = { root: top };
    expect(validateProperties(wrapped, { root: { nested: {} } }).issues).toEqual([
      { path: ['root', 'nested'], message: 'one of x, y must be set' },
      { path: ['root'], message: 'one of a, b must be set' },
    ]);
    expect(validateProperties(wrapped, { root: { a: '1', nested: { x: '1', y: '2' } } }).issues).toEqual([{ path: ['root', 'nested'], message: 'only one of x, y may be set (got x, y)' }]);
    expect(validateProperties(schema, { nested: { y: '1' } }).issues).toEqual([]);
  });

  it('refuses a malformed group as a schema error, whatever the value', () => {
    const declared = (exclusive: PropertySchema['exclusive'], extra: Partial<PropertySchema> = {}): PropertiesSchema => ({
      o: { type: 'object', description: 'O.', properties: { x: { type: 'string', description: 'X.', ...extra }, y: { type: 'string', description: 'Y.' }, z: { type: 'string', description: 'Z.' } }, exclusive },
    });
    const problem = (schema: PropertiesSchema) => validateProperties(schema, { o: {} }).issues.map((issue) => issue.message);
    expect(problem(declared([['x']]))).toEqual(['schema error: exclusive group [x] has fewer than two keys']);
    expect(problem(declared([['x', 'w']]))).toEqual(['schema error: exclusive group [x, w] names "w", which the object does not declare']);
    expect(problem(declared([['x', 'y']], { required: true }))).toEqual(['schema error: exclusive group [x, y] holds "x", which is required']);
    expect(problem(declared([['x', 'y'], ['y', 'z']]))).toEqual(['schema error: "y" is in two exclusive groups']);
  });

  it('refuses a platform-reserved key on the authored surface only', () => {
    expect(issues({ networkPolicy: {} }, { refuseReserved: true })).toEqual([
      { path: ['networkPolicy'], message: 'property is platform-reserved: only the ClusterProfile rendering may set it' },
    ]);
    expect(issues({ networkPolicy: {} })).toEqual([]);
  });
});

describe('checkProperties', () => {
  it('hands each issue on as it is found, the issues and value validateProperties gives', () => {
    const value = { zeta: 1, port: 'x', ports: [{ protocol: 1 }], source: { url: 'a', name: 'b' }, networkPolicy: {} };
    const options = { refuseReserved: true, topLevelRequired: true, applyDefaults: true };
    const handed: SchemaIssue[] = [];
    const checked = checkProperties(schema, value, options, { push: (issue) => handed.push(issue) });
    const { value: validated, issues: collected } = validateProperties(schema, value, options);
    expect(handed).toEqual(collected);
    expect(handed.length).toBeGreaterThan(4);
    expect(checked).toEqual(validated);
  });
});

describe('describeValue', () => {
  it('names a decoded YAML value in the words of someone who wrote YAML, no Go or JavaScript type name', () => {
    expect([null, 'a', true, 1, 1.5, [], {}].map(describeValue)).toEqual(['null', 'a string', 'true', 'a number', 'a number', 'a list', 'a map']);
    expect([new Date(0), Buffer.from('hi'), new Uint8Array(1)].map(describeValue)).toEqual(['a timestamp (!!timestamp)', 'binary data (!!binary)', 'binary data (!!binary)']);
    expect(['string', 'integer', 'number', 'boolean', 'object', 'array'].map(typeWords)).toEqual(['a string', 'a whole number', 'a number', 'true or false', 'a map', 'a list']);
  });
});
