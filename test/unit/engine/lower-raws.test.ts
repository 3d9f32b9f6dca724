import { describe, expect, it } from 'vitest';
import { lowerRaws } from '../../../src/engine/lowering/lower-raws.js';
import type { RawDocumentLoweringRule } from '../../../src/plugin-api/index.js';
import { configMapHandler, firstDiagnostic, plugin, registryOf } from './support.js';

// A test-only raw rule: a Website of example.com/v1 becomes an Application with one box per
// page, the box's ConfigMap name drawn from the shared allocator.

type Raw = Record<string, any>;

const website: RawDocumentLoweringRule = {
  position: 'rawdocument',
  apiVersion: 'example.com/v1',
  type: 'Website',
  description: 'A website for tests.',
  contract: { version: 'v1' },
  lower: ({ document }, ctx) => {
    const spec = document.spec as Raw;
    if (spec.empty) return {};
    const name = (document.metadata as Raw).name as string;
    const components = (spec.pages as string[]).map((page) => ({ name: ctx.namer.name(name, page), type: 'box', properties: spec.bad ? { value: 1 } : { value: page } }));
    return {
      documents: [{ apiVersion: spec.apiVersion ?? 'launcher.gokure.dev/v1alpha1', kind: 'Application', metadata: { name, namespace: (document.metadata as Raw).namespace }, spec: { components } } as never],
    };
  },
};

const registry = registryOf([plugin('test', { components: [configMapHandler('box')], lowering: [website] })]);
const settings = { domain: 'launcher.gokure.dev', clusterId: 'local' };

const site = (name: string, spec: Raw, namespace?: string): Raw => ({ apiVersion: 'example.com/v1', kind: 'Website', metadata: { name, namespace }, spec });
const app = (name: string): Raw => ({ apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', metadata: { name }, spec: { components: [] } });

describe('lowerRaws', () => {
  it('rewrites each claimed input once, passes the others through, and records one step per claimed input', () => {
    const { documents: lowered, steps } = lowerRaws([site('shop', { pages: ['home', 'cart'] }), app('other')], registry, settings);
    const documents = lowered as Raw[];
    expect(documents.map((document) => [document.kind, document.metadata.name])).toEqual([['Application', 'shop'], ['Application', 'other']]);
    expect(documents[0].spec.components.map((component: Raw) => component.name)).toEqual(['shop-home', 'shop-cart']);
    expect(steps).toEqual([{ rule: 'rawdocument/example.com/v1/Website@v1', position: 'rawdocument', round: 0, from: 'shop', to: ['shop'] }]);
  });

  it('shares one allocator, scoped by the documents\' namespaces', () => {
    expect(lowerRaws([site('a', { pages: ['x'] }, 'one'), site('a', { pages: ['x'] }, 'two')], registry, settings).documents).toHaveLength(2);
    const diagnostic = firstDiagnostic(() => lowerRaws([site('a', { pages: ['b-x'] }), site('a-b', { pages: ['x'] }, 'default')], registry, settings));
    expect(diagnostic.message).toBe('lowering document "a-b" in document "a-b" (kind "Website"): lowering: generated name "a-b-x" collides — already used by document "a", also wanted by document "a-b"');
  });

  it('refuses an empty result', () => {
    expect(firstDiagnostic(() => lowerRaws([site('shop', { empty: true })], registry, settings)).message).toBe(
      'lowering document "shop" in document "shop" (kind "Website"): lowering rule rawdocument/example.com/v1/Website@v1 emitted nothing; an empty result would delete the authored document',
    );
  });

  it('checks each emitted document\'s apiVersion and its components against their schemas, with the step', () => {
    expect(firstDiagnostic(() => lowerRaws([site('shop', { pages: ['x'], apiVersion: 'other.io/v1' })], registry, settings)).message).toBe(
      'lowering document "shop" in document "shop" (kind "Website"): lowering rule rawdocument/example.com/v1/Website@v1 emitted document "shop" of apiVersion "other.io/v1": a raw rule emits launcher.gokure.dev/v1alpha1 or example.com documents\n  round 0: rawdocument/example.com/v1/Website@v1 "shop" -> [shop]',
    );
    expect(firstDiagnostic(() => lowerRaws([site('shop', { pages: ['x'], bad: true })], registry, settings)).message).toMatch(
      /^lowering document "shop" in document "shop" \(kind "Website"\): lowering rule rawdocument\/example.com\/v1\/Website@v1 emitted component "shop-x" \(type "box"\): properties\.value: .*\n {2}round 0: rawdocument\/example.com\/v1\/Website@v1 "shop" -> \[shop\]$/,
    );
  });

  it('refuses two documents of one kind, name and namespace, pass-through ones included', () => {
    expect(firstDiagnostic(() => lowerRaws([site('shop', { pages: ['x'] }), app('shop')], registry, settings)).message).toBe(
      'duplicate document: Application "default/shop" is documents[0] and documents[1] after lowering; each document must be one',
    );
  });
});
