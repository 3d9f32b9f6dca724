import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { shareRepeatedShapes } from '../../../src/engine/publish/shared-defs.js';

// The pass that writes a repeated subschema once under $defs: what it moves, what it leaves, and
// that the result accepts and refuses exactly what the input did.

const container = {
  type: 'object',
  description: 'A container.',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', description: 'The container name, unique in the pod.' },
    image: { type: 'string', description: 'The image reference the container runs.' },
    ports: { type: 'array', description: 'Ports.', items: { type: 'object', properties: { containerPort: { type: 'integer', description: 'The port.' } }, additionalProperties: false } },
  },
};

const pod = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  properties: {
    containers: { type: 'array', items: container },
    initContainers: { type: 'array', description: 'Run before the containers.', items: container },
    enum: { enum: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { a: { type: 'string' } } }] },
    short: { type: 'string' },
    alsoShort: { type: 'string' },
  },
  $defs: { existing: { type: 'string', pattern: '^x' } },
};

function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((entry) => refs(entry, out));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      if (key === '$ref' && typeof entry === 'string') out.push(entry);
      else refs(entry, out);
    }
  }
  return out;
}

describe('sharing repeated shapes', () => {
  const shared = shareRepeatedShapes(structuredClone(pod));
  const properties = shared.properties as Record<string, { items?: { $ref?: string } }>;
  const defs = shared.$defs as Record<string, unknown>;

  it('writes a repeated subschema once under $defs, named by where it first appears and its content', () => {
    const ref = properties.containers.items!.$ref!;
    expect(ref).toMatch(/^#\/\$defs\/containers-item-[0-9a-f]{10}$/);
    expect(properties.initContainers.items).toEqual({ $ref: ref });
    expect(defs[ref.slice('#/$defs/'.length)]).toEqual(container);
  });

  it('leaves short shapes, data keywords (enum) and the existing $defs as they were', () => {
    expect(properties.short).toEqual({ type: 'string' });
    expect(shared.properties).toMatchObject({ enum: pod.properties.enum });
    expect(defs.existing).toEqual(pod.$defs.existing);
    // The container's ports are written once inside the shared container: no def of their own.
    expect(Object.keys(defs)).toHaveLength(2);
  });

  it('points every reference at a definition in the same document', () => {
    for (const ref of refs(shared)) expect(defs[ref.replace('#/$defs/', '')], ref).toBeDefined();
  });

  it('accepts and refuses exactly what the schema did', () => {
    const before = new Ajv2020({ strict: true, allErrors: true }).compile(structuredClone(pod));
    const after = new Ajv2020({ strict: true, allErrors: true }).compile(shared);
    const documents = [
      { containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80 }] }], initContainers: [{ name: 'init' }] },
      { containers: [{ image: 'nginx' }] },
      { initContainers: [{ name: 'init', ports: [{ containerPort: 'eighty' }] }] },
      { containers: [{ name: 'web', extra: true }] },
      { short: 1 },
    ];
    expect(documents.map((document) => after(document))).toEqual(documents.map((document) => before(document)));
    expect(documents.map((document) => after(document))).toEqual([true, false, false, false, false]);
  });

  it('returns a schema with nothing repeated unchanged', () => {
    const single = { type: 'object', properties: { containers: { type: 'array', items: container } } };
    expect(shareRepeatedShapes(single)).toBe(single);
  });
});
