import { describe, expect, it } from 'vitest';
import { type PropertiesSchema } from '../../../src/plugin-api/index.js';
import { checkEnumMembersHoldNoNull, validateProperties } from '../../../src/plugin-api/kit/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';

describe('hints on refused fields', () => {
  it('adds a top-level hint given by the type, and a nested one the object schema carries', () => {
    const schema: PropertiesSchema = {
      image: { type: 'string', description: 'Image.' },
      affinity: { type: 'object', description: 'Affinity.', properties: { spread: { type: 'boolean', description: 'S.' } }, hints: { nodeAffinity: 'not read — write nodeSelector' } },
    };
    const top = validateProperties(schema, { scheduling: {} }, { hints: { scheduling: 'not read by this component — alpha upstream' } });
    expect(top.issues[0].message).toBe('unsupported field "scheduling" (allowed: affinity, image); scheduling: not read by this component — alpha upstream');
    const nested = validateProperties(schema, { affinity: { nodeAffinity: {} } });
    expect(nested.issues[0]).toEqual({ path: ['affinity', 'nodeAffinity'], message: 'unsupported field "nodeAffinity" (allowed: spread); nodeAffinity: not read — write nodeSelector' });
  });

  it('names a nested key by the path its object says its hints are at', () => {
    const schema: PropertiesSchema = {
      affinity: { type: 'object', description: 'Affinity.', properties: { spread: { type: 'boolean', description: 'S.' } }, hints: { nodeAffinity: 'not read — write nodeSelector' }, hintsAt: 'affinity' },
    };
    expect(validateProperties(schema, { affinity: { nodeAffinity: {}, other: 1 } }).issues.map((issue) => issue.message)).toEqual([
      'unsupported field "nodeAffinity" (allowed: spread); affinity.nodeAffinity: not read — write nodeSelector',
      'unsupported field "other" (allowed: spread)',
    ]);
  });
});

describe('platform-reserved keys on the authored surface', () => {
  const schema: PropertiesSchema = {
    controllerType: { type: 'string', platformReserved: true, description: 'Set by the platform.' },
    nested: { type: 'object', description: 'N.', properties: { zone: { type: 'string', platformReserved: true, description: 'Z.' } } },
  };

  it('refuses a reserved key an author wrote, an explicit null included, at every depth', () => {
    for (const value of [{ controllerType: 'ingress' }, { controllerType: null }, { nested: { zone: 'a' } }]) {
      expect(validateProperties(schema, value, { refuseReserved: true }).issues[0].message, JSON.stringify(value)).toBe('property is platform-reserved: only the ClusterProfile rendering may set it');
    }
  });

  it('accepts it where no one authors (a rendering, an emitted element)', () => {
    expect(validateProperties(schema, { controllerType: 'ingress' }).issues).toEqual([]);
  });
});

describe('checkEnumMembersHoldNoNull', () => {
  it('names every enum member holding a null, by schema path and index', () => {
    expect(
      checkEnumMembersHoldNoNull({
        type: 'object',
        properties: { mode: { type: 'string', enum: ['a', null] }, opts: { type: 'object', enum: [{ x: null }, { x: 1 }] }, list: { type: 'array', items: { enum: [[null]] } } },
      }),
    ).toEqual(['list[]: enum member 0 holds a null', 'mode: enum member 1 holds a null', 'opts: enum member 0 holds a null']);
  });

  it('finds none in the schemas every built-in ships', () => {
    const problems = [builtinComponents, builtinKinds, builtinTraits, builtinPolicies].flatMap((plugin) =>
      [...(plugin.components ?? []), ...(plugin.traits ?? []), ...(plugin.policies ?? []), ...(plugin.lowering ?? [])].flatMap((entry) =>
        checkEnumMembersHoldNoNull({ type: 'object', properties: entry.properties ?? {} }, entry.type),
      ),
    );
    expect(problems).toEqual([]);
  });
});
