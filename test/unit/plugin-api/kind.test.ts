import { pluginTester } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { defineKind, goAlways, GO_DURATION, GO_OMIT_ZERO, GO_STRUCT, schemaBuilders } from '../../../src/plugin-api/kit/index.js';

// An organisation's own CRD kind, declared with the same factory the built-in kinds use.
const widget = defineKind<{ size: number; color?: string }>({
  type: 'widget',
  description: 'A Widget of the example.com operator.',
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  scope: 'namespaced',
  properties: {
    size: { type: 'integer', required: true, description: 'How big the widget is.' },
    color: { type: 'string', enum: ['red', 'blue'], description: 'Its color.' },
  },
  example: { size: 3, color: 'blue' },
  check: (properties, _input, ctx) => {
    if (properties.size > 10) ctx.fail('size: at most 10', ['size']);
  },
});

const clusterGadget = defineKind({
  type: 'gadget',
  description: 'A cluster-scoped Gadget.',
  apiVersion: 'example.com/v1',
  kind: 'Gadget',
  scope: 'cluster',
  placement: 'top-level',
  appLabel: true,
  properties: { rules: { type: 'array', description: 'Rules.', items: { type: 'string', description: 'A rule.' } } },
});

const tester = pluginTester({ components: [widget, clusterGadget] }, { namespace: 'shop' });

describe('defineKind', () => {
  it('declares its object and a contract of its own type', async () => {
    expect(widget.object).toEqual({ apiVersion: 'example.com/v1', kind: 'Widget', scope: 'namespaced' });
    expect(widget.contract).toEqual({ family: 'widget', version: 'v1alpha1' });
  });

  it('carries its example to the handler, for the reference docs', async () => {
    expect(widget.example).toEqual({ size: 3, color: 'blue' });
    expect(clusterGadget).not.toHaveProperty('example');
  });

  it('names the object after the component and puts the properties under spec', async () => {
    await tester.runComponent(widget.type, [
      {
        name: 'w1',
        properties: { size: 3 },
        objects: [{ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', namespace: 'shop', labels: { 'launcher.gokure.dev/component': 'w1' } }, spec: { size: 3 } }],
      },
    ]);
  });

  it('takes objectName, labels and annotations as the engine does', async () => {
    await tester.runComponent(widget.type, [
      {
        name: 'w1',
        properties: { size: 3, objectName: 'shop-widget', labels: { tier: 'web' }, annotations: { 'example.com/owner': 'team-a' } },
        objects: [
          {
            apiVersion: 'example.com/v1',
            kind: 'Widget',
            metadata: { name: 'shop-widget', namespace: 'shop', labels: { tier: 'web', 'launcher.gokure.dev/component': 'w1' }, annotations: { 'example.com/owner': 'team-a' } },
            spec: { size: 3 },
          },
        ],
      },
    ]);
  });

  it('places a cluster-scoped kind in no namespace, top-level properties beside metadata, and the app label', async () => {
    await tester.runComponent(clusterGadget.type, [
      {
        name: 'g',
        properties: { rules: ['a'] },
        objects: [{ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g', labels: { app: 'g', 'launcher.gokure.dev/component': 'g' } }, rules: ['a'] }],
      },
    ]);
  });

  it('refuses what the schema, the kind rules and the metadata rules refuse', async () => {
    await tester.runComponent(widget.type, [
      { title: 'unknown field', properties: { size: 1, shape: 'round' }, error: { message: /unsupported field "shape"/, property: ['shape'] } },
      { title: 'enum', properties: { size: 1, color: 'green' }, error: { message: /must be one of: red, blue/, property: ['color'] } },
      { title: 'kind rule', properties: { size: 11 }, error: { message: 'component "web": size: at most 10', property: ['size'] } },
      { title: 'objectName', properties: { size: 1, objectName: 'Not_A_Name' }, error: { message: /not a valid DNS-1123 subdomain/ } },
      { title: 'app label', properties: { size: 1, labels: { app: 'other' } }, error: { message: /label "app" may only hold the component's own value "web"/ } },
      { title: 'label key', properties: { size: 1, labels: { 'bad key': 'x' } }, error: { message: /invalid label key "bad key"/ } },
    ]);
  });
});

// An organisation's CRD kind written as the built-ins write theirs: a schema from the toolkit, and
// how its Go type writes each field as annotations on it.
const { object, str, bool, quantity, withGo } = schemaBuilders;
let built = 0;
const bucket = defineKind<Record<string, unknown>>({
  type: 'acme-bucket',
  description: 'A Bucket of the example.com storage operator.',
  apiVersion: 'storage.example.com/v1',
  kind: 'Bucket',
  scope: 'namespaced',
  properties: () => {
    built += 1;
    const spec = object('The Bucket spec.', {
      size: quantity('How much it holds.'),
      versioned: bool('Whether objects keep their versions.'),
      retention: str('How long objects are kept.'),
      owner: object('Who pays.', { team: str('The team.') }),
      region: str('Where it lives.'),
    });
    return withGo(spec, { versioned: GO_OMIT_ZERO, retention: GO_DURATION, owner: GO_STRUCT, 'owner.team': goAlways(''), region: GO_OMIT_ZERO }).properties!;
  },
});

const bucketTester = pluginTester({ components: [bucket] }, { namespace: 'shop' });

describe('defineKind: the Go encoding of an organisation kind', () => {
  it('builds its schema on first use only', async () => {
    expect(built).toBe(0);
    expect(Object.keys(bucket.properties)).toEqual(['size', 'versioned', 'retention', 'owner', 'region']);
    expect(built).toBe(1);
  });

  it('writes the object as its Go type does: struct held by value, zeros dropped, durations and quantities in Go spelling', async () => {
    await bucketTester.runComponent(bucket.type, [
      {
        name: 'b',
        properties: { size: '1024Mi', versioned: false, retention: '90m', region: '' },
        objects: [
          {
            apiVersion: 'storage.example.com/v1',
            kind: 'Bucket',
            metadata: { name: 'b', namespace: 'shop', labels: { 'launcher.gokure.dev/component': 'b' } },
            spec: { size: '1Gi', retention: '1h30m0s', owner: { team: '' } },
          },
        ],
      },
    ]);
  });

  it('refuses a value its Go type cannot read, by path', async () => {
    await bucketTester.runComponent(bucket.type, [{ title: 'duration', properties: { retention: 'a week' }, error: { message: /retention: "a week" is not a Go duration/, property: ['retention'] } }]);
  });
});
