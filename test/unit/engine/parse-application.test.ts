import { describe, expect, it } from 'vitest';
import { parseApplication } from '../../../src/engine/stages/parse-application.js';
import { type ComponentLoweringRule } from '../../../src/plugin-api/index.js';
import { componentLabelValue } from '../../../src/plugin-api/kit/index.js';
import { fluxcdPatches, fluxcdPostbuild } from '../../../plugins/builtin-traits/delivery-declarations.js';
import { configMapHandler, firstDiagnostic, plugin, recordingTrait, registryOf, source } from './support.js';

const role: ComponentLoweringRule = {
  position: 'component',
  type: 'role',
  description: 'Lowers into a box.',
  properties: {},
  lower: ({ component }) => ({ components: [{ name: component.name, type: 'box', properties: {} }] }),
};

const registry = registryOf([
  plugin('test-components', { components: [configMapHandler('box'), configMapHandler('runner')], lowering: [role] }),
  plugin('test-traits', { traits: [recordingTrait('tag', []), recordingTrait('limited', [], { componentTypes: ['box'] })] }),
  plugin('test-delivery', { declarations: { traits: [fluxcdPatches, fluxcdPostbuild] } }),
]);

function parse(text: string, extraTraitTypes: string[] = []) {
  return parseApplication(source(text), { registry, extraTraitTypes });
}

function failure(text: string, extraTraitTypes: string[] = []) {
  return firstDiagnostic(() => parse(text, extraTraitTypes));
}

/** An Application with one component; `body` is appended under the component. */
function app(component = '    - name: web\n      type: box\n', head = 'metadata:\n  name: shop\n', tail = ''): string {
  return `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\n${head}spec:\n  components:\n${component}${tail}`;
}

describe('parseApplication: a valid document', () => {
  it('reads names, types, properties, traits, annotations and policies', () => {
    const parsed = parse(
      app(
        '    - name: web\n      type: box\n      annotations: {launcher.gokure.dev/tier: apps}\n      properties: {value: x}\n      traits:\n        - type: tag\n          properties: {flag: on}\n',
        'metadata:\n  name: shop\n  namespace: team-a\n  labels: {team: a}\n',
        '  policies:\n    - name: order\n      type: anything\n',
      ),
    );
    expect(parsed).toMatchObject({
      name: 'shop',
      namespace: 'team-a',
      labels: { team: 'a' },
      components: [
        {
          name: 'web',
          type: 'box',
          annotations: { 'launcher.gokure.dev/tier': 'apps' },
          properties: { value: 'x' },
          traits: [{ type: 'tag', properties: { flag: 'on' }, path: ['spec', 'components', 0, 'traits', 0] }],
          path: ['spec', 'components', 0],
        },
      ],
      policies: [{ name: 'order', type: 'anything', properties: {}, path: ['spec', 'policies', 0] }],
    });
  });

  it('leaves the namespace unset when the document has none', () => {
    expect(parse(app()).namespace).toBeUndefined();
  });

  it('accepts a trait type a CapabilityDefinition declares', () => {
    const parsed = parse(app('    - name: web\n      type: box\n      traits:\n        - type: redis-sidecar\n'), ['redis-sidecar']);
    expect(parsed.components[0].traits[0].type).toBe('redis-sidecar');
  });

  it('accepts the delivery trait types, which parse but have no handler', () => {
    for (const type of ['fluxcd-patches', 'fluxcd-postbuild']) {
      const parsed = parse(app(`    - name: web\n      type: box\n      traits:\n        - type: ${type}\n`));
      expect(parsed.components[0].traits[0].type).toBe(type);
    }
  });
});

describe('parseApplication: envelope strictness', () => {
  const cases: Array<[string, string, string, number]> = [
    ['the root', app(undefined, 'metadata:\n  name: shop\nstatus: {}\n'), 'status', 5],
    ['metadata', app(undefined, 'metadata:\n  name: shop\n  uid: x\n'), 'uid', 5],
    ['spec', app(undefined, undefined, '  replicas: 2\n'), 'replicas', 9],
    ['a component', app('    - name: web\n      type: box\n      props: {}\n'), 'props', 9],
    ['a trait', app('    - name: web\n      type: box\n      traits:\n        - type: tag\n          scope: x\n'), 'scope', 11],
    ['a policy', app(undefined, undefined, '  policies:\n    - name: p\n      type: x\n      rules: []\n'), 'rules', 12],
  ];

  for (const [where, text, key, line] of cases) {
    it(`refuses an unknown field in ${where}, placed at the key`, () => {
      const diagnostic = failure(text);
      expect(diagnostic.code).toBe('KUREL_ENVELOPE');
      expect(diagnostic.message).toMatch(new RegExp(`^unsupported field "${key}" \\(allowed: [a-zA-Z, ]+\\)$`));
      expect(diagnostic.line).toBe(line);
      expect(diagnostic.path?.endsWith(key)).toBe(true);
    });
  }

  it('lists the allowed fields sorted', () => {
    expect(failure(app('    - name: web\n      type: box\n      props: {}\n')).message).toBe(
      'unsupported field "props" (allowed: annotations, name, properties, traits, type)',
    );
  });

  it('refuses another apiVersion', () => {
    const text = app().replace('launcher.gokure.dev/v1alpha1', 'launcher.gokure.dev/v1');
    const diagnostic = failure(text);
    expect(diagnostic.message).toBe('unsupported apiVersion "launcher.gokure.dev/v1", expected "launcher.gokure.dev/v1alpha1"');
    expect(diagnostic.path).toBe('apiVersion');
  });

  it('refuses another kind', () => {
    expect(failure(app().replace('kind: Application', 'kind: ClusterProfile')).message).toBe('expected kind Application, got "ClusterProfile"');
  });

  it('refuses a component that is not a mapping', () => {
    expect(failure(app('    - web\n')).message).toBe('expected a map, got a string');
  });
});

describe('parseApplication: names', () => {
  it('requires metadata.name', () => {
    expect(failure(app(undefined, 'metadata:\n  namespace: a\n')).message).toBe('metadata.name is required');
  });

  it('refuses a metadata.name that is no DNS-1123 subdomain', () => {
    const diagnostic = failure(app(undefined, 'metadata:\n  name: Shop_1\n'));
    expect(diagnostic.message).toBe('metadata.name "Shop_1" is not a valid DNS-1123 subdomain');
    expect(diagnostic.code).toBe('KUREL_INVALID_NAME');
    expect(diagnostic.path).toBe('metadata.name');
  });

  it('accepts a dotted metadata.name (a subdomain)', () => {
    expect(parse(app(undefined, 'metadata:\n  name: shop.example\n')).name).toBe('shop.example');
  });

  it('refuses a namespace that is no DNS-1123 label, with the newest text', () => {
    const diagnostic = failure(app(undefined, 'metadata:\n  name: shop\n  namespace: team.prod\n'));
    expect(diagnostic.message.startsWith('namespace "team.prod" is not a valid DNS-1123 label (')).toBe(true);
    expect(diagnostic.message.endsWith(')')).toBe(true);
    expect(diagnostic.path).toBe('metadata.namespace');
    expect(diagnostic.line).toBe(5);
  });

  it('refuses a namespace over 63 characters', () => {
    const long = 'a'.repeat(64);
    expect(failure(app(undefined, `metadata:\n  name: shop\n  namespace: ${long}\n`)).message).toContain(`namespace "${long}" is not a valid DNS-1123 label`);
  });

  it('requires a component name and checks it', () => {
    expect(failure(app('    - type: box\n')).message).toBe('spec.components[0].name is required');
    expect(failure(app('    - name: Web\n      type: box\n')).message).toBe('component name "Web" is not a valid DNS-1123 subdomain');
  });

  it('refuses a duplicate component name at the second one', () => {
    const diagnostic = failure(app('    - name: web\n      type: box\n    - name: web\n      type: runner\n'));
    expect(diagnostic.message).toBe('duplicate component name "web"');
    expect(diagnostic.path).toBe('spec.components[1].name');
    expect(diagnostic.line).toBe(9);
  });

  it('refuses two components whose component label values coincide', () => {
    const long = `${'a'.repeat(60)}-${'b'.repeat(10)}`;
    const projected = componentLabelValue(long);
    expect(projected).not.toBe(long);
    const diagnostic = failure(app(`    - name: ${long}\n      type: box\n    - name: ${projected}\n      type: box\n`));
    expect(diagnostic.message).toContain(projected);
  });

  it('requires at least one component', () => {
    const text = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: shop\nspec:\n  components: []\n';
    expect(failure(text).message).toBe('spec.components must contain at least one component');
    expect(failure(text.replace('  components: []\n', '  policies: []\n')).message).toBe('spec.components must contain at least one component');
  });

  it('checks policy names', () => {
    expect(failure(app(undefined, undefined, '  policies:\n    - type: x\n')).message).toBe('spec.policies[0].name is required');
    expect(failure(app(undefined, undefined, '  policies:\n    - name: P\n      type: x\n')).message).toBe('policy name "P" is not a valid DNS-1123 subdomain');
    expect(failure(app(undefined, undefined, '  policies:\n    - name: p\n')).message).toBe('policy "p" missing type');
    expect(failure(app(undefined, undefined, '  policies:\n    - name: p\n      type: x\n    - name: p\n      type: y\n')).message).toBe(
      'duplicate policy name "p"',
    );
  });
});

describe('parseApplication: types', () => {
  it('requires a component type', () => {
    expect(failure(app('    - name: web\n')).message).toBe('component "web" missing type');
  });

  it('refuses an unknown component type, listing the sorted allowlist', () => {
    const diagnostic = failure(app('    - name: web\n      type: x\n'));
    expect(diagnostic.message).toBe('invalid value "x" for "type" in "web"; must be one of: box, role, runner');
    expect(diagnostic.code).toBe('KUREL_UNKNOWN_TYPE');
    expect(diagnostic.path).toBe('spec.components[0].type');
    expect({ line: diagnostic.line, column: diagnostic.column }).toEqual({ line: 8, column: 7 });
  });

  it('requires a trait type', () => {
    expect(failure(app('    - name: web\n      type: box\n      traits:\n        - properties: {}\n')).message).toBe('component "web" trait[0] missing type');
  });

  it('refuses an unknown trait type, listing registered and declared trait types', () => {
    const diagnostic = failure(app('    - name: web\n      type: box\n      traits:\n        - type: nope\n'), ['audit']);
    expect(diagnostic.message).toBe('invalid value "nope" for "type" in "web"; must be one of: audit, fluxcd-patches, fluxcd-postbuild, limited, tag');
    expect(diagnostic.path).toBe('spec.components[0].traits[0].type');
  });

  it('refuses a trait on a component type it does not support', () => {
    const diagnostic = failure(app('    - name: batch\n      type: runner\n      traits:\n        - type: limited\n'));
    expect(diagnostic.message).toBe('trait "limited" is not supported on component type "runner" (component "batch"); supported types: box');
    expect(diagnostic.code).toBe('KUREL_TRAIT_NOT_SUPPORTED');
  });

  it('leaves the restriction to the lowered members of a lowerable type', () => {
    const parsed = parse(app('    - name: web\n      type: role\n      traits:\n        - type: limited\n'));
    expect(parsed.components[0].traits.map((trait) => trait.type)).toEqual(['limited']);
  });

  it('accepts any policy type at parse time', () => {
    expect(parse(app(undefined, undefined, '  policies:\n    - name: r\n      type: reconciliation\n')).policies[0].type).toBe('reconciliation');
  });
});
