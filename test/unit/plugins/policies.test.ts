import { describe, expect, it } from 'vitest';
import { createTestContext } from 'kurel/plugin-api/testing';
import { checked, policyHandlers, refusal } from './support.js';

function apply(type: string, properties: Record<string, unknown>, componentNames = ['web', 'api', 'db']) {
  const handler = policyHandlers.get(type)!;
  return handler.apply!({ name: 'order', properties: checked(handler.properties, properties), componentNames }, createTestContext());
}

describe('dependency policy', () => {
  it('records each rule as a dependency', () => {
    const rules = [{ component: 'web', dependsOn: ['api'] }, { component: 'api', dependsOn: ['db'] }];
    expect(apply('dependency', { rules })).toEqual({ dependencies: rules });
  });

  it('refuses empty rules, unknown components and self-dependency', () => {
    expect(refusal(() => apply('dependency', { rules: [] })).message).toBe('dependency policy "order": rules must hold at least one rule');
    expect(refusal(() => apply('dependency', { rules: [{ component: 'cache', dependsOn: ['db'] }] }))).toMatchObject({
      message: 'dependency policy "order": component "cache" is not in the application',
      path: ['rules', 0, 'component'],
    });
    expect(refusal(() => apply('dependency', { rules: [{ component: 'web', dependsOn: ['db', 'queue'] }] }))).toMatchObject({
      message: 'dependency policy "order": component "queue" is not in the application',
      path: ['rules', 0, 'dependsOn', 1],
    });
    expect(refusal(() => apply('dependency', { rules: [{ component: 'web', dependsOn: [] }] })).message).toBe(
      'dependency policy "order": component "web" must depend on at least one component',
    );
    expect(refusal(() => apply('dependency', { rules: [{ component: 'web', dependsOn: ['web'] }] })).message).toBe(
      'dependency policy "order": component "web" cannot depend on itself',
    );
    expect(refusal(() => apply('dependency', { rules: [{ component: 'web' }] })).message).toBe('"dependsOn" is required');
  });
});

describe('placement policy', () => {
  it('records the tier of the component', () => {
    expect(apply('placement', { component: 'db', tier: 'infra' })).toEqual({ tiers: { db: 'infra' } });
  });

  it('refuses an unknown component or tier', () => {
    expect(refusal(() => apply('placement', { component: 'cache', tier: 'apps' }))).toMatchObject({
      message: 'placement policy "order": component "cache" is not in the application',
      path: ['component'],
    });
    expect(refusal(() => apply('placement', { component: 'db', tier: 'data' })).message).toMatch(/must be one of: infra, services, apps/);
    expect(refusal(() => apply('placement', { component: 'db', teir: 'apps' })).message).toMatch(/unsupported field "teir"/);
  });
});
