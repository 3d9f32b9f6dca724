import { describe, expect, it } from 'vitest';
import { defineComponentLowering, defineDocumentLowering, definePolicyLowering, defineTraitLowering, type PropertiesSchema } from '../../../src/plugin-api/index.js';

// A lowering rule may build its schema on first read (a getter): declaring the rule must not read
// it, so that a build that never uses the rule never builds what the schema is made of.

function lazyRule() {
  let reads = 0;
  const rule = {
    type: 'lazy',
    description: 'a rule whose schema is built on first read',
    get properties(): PropertiesSchema {
      reads += 1;
      return { size: { type: 'integer', description: 'a size' } };
    },
    lower: () => ({ components: [] }),
  };
  return { rule, reads: () => reads };
}

describe('the lowering-rule defines', () => {
  for (const [position, define] of [
    ['component', defineComponentLowering],
    ['trait', defineTraitLowering],
    ['policy', definePolicyLowering],
  ] as const) {
    it(`${position}: keep a getter a getter, and set the position`, () => {
      const { rule, reads } = lazyRule();
      const defined = (define as (rule: unknown) => { position: string; properties: PropertiesSchema; lower: unknown })(rule);
      expect(reads()).toBe(0);
      expect(defined.position).toBe(position);
      expect(defined.properties).toEqual({ size: { type: 'integer', description: 'a size' } });
      expect(reads()).toBe(1);
      expect(defined.lower).toBe(rule.lower);
      expect(Object.keys(defined).sort()).toEqual(['description', 'lower', 'position', 'properties', 'type']);
    });
  }

  it('document: sets the position over the rule', () => {
    const lower = () => ({ documents: [] });
    expect(defineDocumentLowering({ kind: 'Thing', description: 'a document', lower } as never)).toMatchObject({ kind: 'Thing', position: 'document', lower });
  });
});
