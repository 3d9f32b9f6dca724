import { describe, expect, it } from 'vitest';
import { build as buildApplication } from '../../../src/engine/build.js';
import type { LoweringStep } from '../../../src/engine/model.js';
import {
  RefusalClass,
  type AuthoredComponent,
  type ComponentHandler,
  type ComponentLoweringRule,
  type DocumentLoweringRule,
  type K8sObject,
  type Policy,
  type PostPolicyStep,
  type TraitHandler,
  type TraitLoweringRule,
} from '../../../src/plugin-api/index.js';
import {
  afterPolicy,
  NOOP_POLICY,
} from '../../../src/plugin-api/kit/index.js';
import { plugin, refusal, registryOf } from './support.js';

// Post-policy steps through a whole build: a test plugin whose `sized` kind takes its size from
// the policy's default, and rules that attach steps to the `sized` components they emit.

type Data = Record<string, string>;
const dataOf = (object: K8sObject) => object.data as Data;

/** One ConfigMap whose `size` is authored, else the policy's default storage size. */
const sized: ComponentHandler = {
  type: 'sized',
  description: 'A ConfigMap sized by the policy.',
  properties: { size: { type: 'string', description: 'The size.' } },
  render(input, ctx) {
    const size = (input.properties.size as string | undefined) ?? ctx.policy.defaultStorageSize();
    return { objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: input.name, namespace: input.namespace }, data: { size, trail: '' } }] };
  },
};

/** Appends `mark` to the ConfigMap's trail, so the order steps ran in shows. */
const trail =
  (mark: string): PostPolicyStep =>
  ({ objects }) => {
    dataOf(objects[0]).trail += mark;
  };

/** Records the trail each `seen` trait finds, then writes its own mark: traits run after the steps. */
const seenTrails: string[] = [];
const seen: TraitHandler = {
  type: 'seen',
  description: 'Records what the steps left.',
  properties: {},
  apply({ component }) {
    seenTrails.push(dataOf(component.objects[0]).trail);
    dataOf(component.objects[0]).trail += '+trait';
  },
};

const rule = (type: string, lower: ComponentLoweringRule['lower']): ComponentLoweringRule => ({
  position: 'component',
  type,
  description: `${type} rule.`,
  properties: { size: { type: 'string', description: 'The size.' } },
  lower,
});

const emit = (component: AuthoredComponent, type: string, ...steps: PostPolicyStep[]): AuthoredComponent =>
  steps.reduce((emitted, step) => afterPolicy(emitted, step), { name: component.name, type, properties: { ...component.properties }, traits: component.traits } as AuthoredComponent);

const rules = [
  rule('ordered', ({ component }) => ({ components: [emit(component, 'sized', trail('a'), trail('b'), trail('c'))] })),
  // Derives a value from what the policy decided: the size the handler took from the default.
  rule('derived', ({ component }) => ({
    components: [
      emit(component, 'sized', ({ objects }) => {
        dataOf(objects[0]).derived = `${dataOf(objects[0]).size} as decided`;
      }),
    ],
  })),
  rule('broken', ({ component }) => ({
    components: [
      emit(component, 'sized', () => {
        throw new Error('the step has no size to work from');
      }),
    ],
  })),
  rule('capped', ({ component }) => ({
    components: [emit(component, 'sized', ({ objects }, ctx) => ctx.violate(RefusalClass.storageMaximum, `size "${dataOf(objects[0]).size}" exceeds enforced maximum "1Gi"`, ['size']))],
  })),
  // Two rounds: `relay` carries its step to a `copier`, which lowers it by copying it.
  rule('relay', ({ component }) => ({ components: [emit(component, 'copier', trail('r'))] })),
  rule('copier', ({ component }) => ({ components: [{ ...component, type: 'sized' }] })),
  // A rule building its component anew carries no step.
  rule('rebuilt', ({ component }) => ({ components: [{ name: component.name, type: 'sized', properties: {}, traits: component.traits }] })),
  rule('fresh', ({ component }) => ({ components: [emit(component, 'rebuilt', trail('lost'))] })),
];

/** Rewrites a `later` trait into `seen` on whatever component carries it. */
const later: TraitLoweringRule = { position: 'trait', type: 'later', description: 'Lowers into seen.', properties: {}, lower: () => ({ traits: [{ type: 'seen', properties: {} }] }) };

/** Emits an Application whose component carries a step: the document is serialized, the step is not. */
const stepped: DocumentLoweringRule = {
  position: 'document',
  type: 'Stepped',
  description: 'Lowers into an Application.',
  lower: ({ document }) => ({
    documents: [{ apiVersion: document.apiVersion, kind: 'Application', metadata: document.metadata, spec: { components: [afterPolicy({ name: 'db', type: 'sized', properties: {} }, trail('doc'))] } }],
  }),
};

const registry = registryOf([plugin('steps', { components: [sized], traits: [seen], lowering: [...rules, later, stepped] })]);

function build(type: string, traits = '[]', policy: Partial<Policy> = { defaultStorageSize: () => '5Gi' }): { objects: K8sObject[]; steps: LoweringStep[] } {
  const text = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: data}\nspec:\n  components:\n    - name: db\n      type: ${type}\n      traits: ${traits}\n`;
  return buildApplication({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local', policy: { ...NOOP_POLICY, ...policy } } }, registry);
}

describe('post-policy steps', () => {
  it('run in the order they were attached', () => {
    expect(dataOf(build('ordered').objects[0]).trail).toBe('abc');
  });

  it('see what the handler built under the policy, and may change it', () => {
    expect(dataOf(build('derived').objects[0])).toMatchObject({ size: '5Gi', derived: '5Gi as decided' });
  });

  it('run before every trait of the component', () => {
    seenTrails.length = 0;
    const [object] = build('ordered', '[{type: seen}]').objects;
    expect(seenTrails).toEqual(['abc']);
    expect(dataOf(object).trail).toBe('abc+trait');
  });

  it('fail the transform naming the component with a step error text', () => {
    const error = refusal(() => build('broken'));
    expect(error.code).toBe('KUREL_HANDLER_REFUSED');
    expect(error.refusalClass).toBeUndefined();
    expect(error.diagnostics[0]).toMatchObject({ component: 'db', message: 'component "db": the step has no size to work from' });
  });

  it('refuse as a violation of the component, with its class, when the step holds the output to the policy', () => {
    const error = refusal(() => build('capped'));
    expect(error.code).toBe('KUREL_POLICY_VIOLATION');
    expect(error.refusalClass).toBe(RefusalClass.storageMaximum);
    expect(error.diagnostics[0]).toMatchObject({ component: 'db', message: 'component "db": size "5Gi" exceeds enforced maximum "1Gi"', path: 'spec.components[0].properties.size' });
  });

  it('survive a second lowering round through a rule that copies the component, and a trait rule after it', () => {
    seenTrails.length = 0;
    const { objects, steps } = build('relay', '[{type: later}]');
    expect(steps.map((step) => `${step.round} ${step.rule}`)).toEqual(['0 component/relay', '1 component/copier', '2 trait/later']);
    expect(seenTrails).toEqual(['r']);
    expect(dataOf(objects[0]).trail).toBe('r+trait');
  });

  it('are dropped by a rule that builds its component anew', () => {
    expect(dataOf(build('fresh').objects[0]).trail).toBe('');
  });

  it('do not survive a document rule, whose document is serialized', () => {
    const text = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Stepped\nmetadata: {name: shop, namespace: data}\nspec: {}\n`;
    const { objects } = buildApplication({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry);
    expect(dataOf(objects[0]).trail).toBe('');
  });

  it('cannot be authored', () => {
    const text = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n    - {name: db, type: ordered, afterPolicy: [x]}\n`;
    const error = refusal(() => buildApplication({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry));
    expect(error.diagnostics[0]).toMatchObject({ path: 'spec.components[0].afterPolicy', message: 'unsupported field "afterPolicy" (allowed: annotations, name, properties, traits, type)' });
  });
});
