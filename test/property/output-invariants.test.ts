import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isKurelError } from '../../src/plugin-api/diagnostics.js';
import { application, buildWith, importedProfile } from '../unit/api-resources/support.js';

// The separator invariant and gate-before-generate, as properties over generated applications:
// a mix of typed kinds, generic objects, carried manifests (empty and comment-only documents
// included) and optional components, built against no profile or a recorded cluster.

const PROFILES = [undefined, importedProfile('kind-v1.35'), importedProfile('kind-v1.35-gateway-api')];
const NAMES = ['api', 'web', 'jobs', 'cache', 'edge', 'store'];

const flow = (value: unknown) => JSON.stringify(value);

/** One component's properties, by the kind of component it is. */
const bodies: fc.Arbitrary<{ type: string; properties: Record<string, unknown> }>[] = [
  fc.record({ type: fc.constant('configmap'), properties: fc.record({ data: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.string({ maxLength: 8 })) }) }),
  fc.record({
    type: fc.constant('object'),
    properties: fc.oneof(
      fc.constant({ kind: 'Role', rules: [] }),
      fc.constant({ kind: 'HorizontalPodAutoscaler', spec: { maxReplicas: 2 } }),
      fc.constant({ apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', spec: {} }),
      fc.constant({ apiVersion: 'autoscaling/v2beta2', kind: 'HorizontalPodAutoscaler', spec: {} }),
      fc.constant({ kind: 'ConfigMap', data: { x: '1' } }),
    ),
  }),
  fc.record({
    type: fc.constant('manifests'),
    properties: fc.record({
      inline: fc
        .array(fc.constantFrom('', '# only a comment', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m1}', 'apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: m2}'), { maxLength: 4 })
        .map((documents) => `${documents.join('\n---\n')}\n`),
    }),
  }),
];

const component = fc.record({ body: fc.oneof(...bodies), optional: fc.boolean() });
const applications = fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), component), { minLength: 1, maxLength: 5, selector: ([name]) => name });

function written([name, { body, optional }]: [string, { body: { type: string; properties: Record<string, unknown> }; optional: boolean }]): string {
  return flow({ name, type: body.type, properties: { ...body.properties, ...(optional ? { optional: true } : {}) } });
}

/** The build's YAML, or undefined where the build refuses the application (a refusal is a valid outcome). */
function attempt(components: string[], profile: (typeof PROFILES)[number]) {
  try {
    return buildWith(application(...components), profile);
  } catch (error) {
    if (isKurelError(error)) return undefined;
    throw error;
  }
}

describe('output invariants', () => {
  it('never holds an empty document, a bare ---, or an object without kind and apiVersion', () => {
    let built = 0;
    fc.assert(
      fc.property(applications, fc.constantFrom(...PROFILES), (entries, profile) => {
        const result = attempt(entries.map(written), profile);
        if (!result || result.yaml === '') return;
        built += 1;
        expect(result.yaml.startsWith('---')).toBe(false);
        expect(result.yaml.trimEnd().endsWith('---')).toBe(false);
        for (const segment of result.yaml.split(/^---$/m)) expect(segment.trim()).not.toBe('');
        for (const document of parseAllDocuments(result.yaml) as ReturnType<typeof parseAllDocuments> & unknown[]) {
          const object = document.toJS() as Record<string, unknown>;
          expect(typeof object.kind === 'string' && object.kind !== '').toBe(true);
          expect(typeof object.apiVersion === 'string' && object.apiVersion !== '').toBe(true);
        }
      }),
      { numRuns: 80 },
    );
    // The property held over real output, not only over refusals.
    expect(built).toBeGreaterThan(10);
  });

  it('a component left out leaves no trace: the output is the one built without it', () => {
    let leftOut = 0;
    fc.assert(
      fc.property(applications, fc.constantFrom(...PROFILES), (entries, profile) => {
        const result = attempt(entries.map(written), profile);
        if (!result) return;
        const skipped = result.warnings.map((warning) => /^component "([^"]+)" is optional and left out/.exec(warning.message)?.[1]).filter((name): name is string => name !== undefined);
        const kept = entries.filter(([name]) => !skipped.includes(name));
        const without = attempt(kept.map(written), profile);
        expect(without?.yaml ?? '').toBe(result.yaml);
        for (const name of skipped) expect(result.yaml).not.toContain(`launcher.gokure.dev/component: ${name}\n`);
        // Only an author's optional leaves a component out, and only where a profile declares what the cluster serves.
        for (const name of skipped) expect(entries.find(([entry]) => entry === name)?.[1].optional).toBe(true);
        if (profile === undefined) expect(skipped).toEqual([]);
        leftOut += skipped.length;
      }),
      { numRuns: 120 },
    );
    // The property held over components actually left out.
    expect(leftOut).toBeGreaterThan(0);
  });
});
