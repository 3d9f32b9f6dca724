import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine/build.js';
import type { SealedRegistry } from '../../../src/engine/registry.js';
import { RegistryBuilder } from '../../../src/host/plugins/registry-builder.js';
import type { AuthoredComponent, ComponentHandler, ComponentLoweringRule, KurelPlugin, NameRequest, NamingHook, TraitHandler } from '../../../src/plugin-api/index.js';
import { firstDiagnostic, plugin } from './support.js';

// A test-only plugin whose component and trait name a ConfigMap each under role `generated`,
// the role of a plugin's own objects: the author's `dataName`, else the hook's answer, else
// `<component>-data`.

const box: ComponentHandler = {
  type: 'box',
  description: 'A box for tests.',
  properties: { dataName: { type: 'string', description: 'Name of the data ConfigMap.' } },
  render(input, ctx) {
    const name = ctx.resolveName({ role: 'generated', kind: 'ConfigMap', default: `${input.name}-data`, authored: input.properties.dataName as string | undefined, property: 'dataName' });
    return { objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: input.namespace } }] };
  },
};

const extra: TraitHandler = {
  type: 'extra',
  description: 'Another ConfigMap for tests.',
  properties: { name: { type: 'string', description: 'Its name.' }, twice: { type: 'boolean', description: 'Resolves its name a second time.' } },
  apply({ properties, component }, ctx) {
    const resolve = () => ctx.resolveName({ role: 'generated', kind: 'ConfigMap', default: `${component.name}-extra`, authored: properties.name as string | undefined, property: 'name' });
    const name = resolve();
    if (properties.twice) resolve();
    return { objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: component.namespace } }] };
  },
};

/** A kind with a declared object, named as the engine hands it over. */
const boxed: ComponentHandler = {
  type: 'boxed',
  description: 'A boxed ConfigMap for tests.',
  object: { apiVersion: 'v1', kind: 'ConfigMap', scope: 'namespaced' },
  properties: {},
  render: (input) => ({ objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: input.objectName, namespace: input.namespace } }] }),
};

/** Emits one member, naming its object the way `mode` says. */
const wrap: ComponentLoweringRule = {
  position: 'component',
  type: 'wrap',
  description: 'A wrapping rule for tests.',
  properties: { mode: { type: 'string', description: 'How to name.' }, objectName: { type: 'string', description: 'The object name.' } },
  lower: ({ component }, ctx) => {
    const mode = component.properties.mode;
    const member: AuthoredComponent = { name: component.name, type: mode === 'no-object' ? 'box' : 'boxed', properties: {} };
    ctx.resolveMemberName(member, { role: 'generated', authored: component.properties.objectName as string | undefined, property: 'objectName' });
    return { components: [member] };
  },
};

/** Emits its own box and a source the document's components share, by url. */
const sharer: ComponentLoweringRule = {
  position: 'component',
  type: 'sharer',
  description: 'A sharing rule for tests.',
  // The role it names the shared source under, declared as any rule declares its own.
  nameRoles: [{ role: 'shared-source', names: 'the source the sharer rule generates', default: '<document>-source', property: 'sourceName', syntax: 'subdomain' }],
  properties: { url: { type: 'string', description: 'What the source reads.' }, sourceName: { type: 'string', description: 'The source name.' } },
  lower: ({ component, document }, ctx) => {
    const url = component.properties.url as string;
    const claim = ctx.resolveSharedName(document.name, 'source', url, { role: 'shared-source', kind: 'ConfigMap', authored: component.properties.sourceName as string | undefined, property: 'sourceName' });
    const own = { name: component.name, type: 'box', properties: {} };
    return { components: claim.adopted ? [own] : [{ name: claim.name, type: 'boxed', properties: {} }, own] };
  },
};

function registryWith(naming?: NamingHook): SealedRegistry {
  const builder = new RegistryBuilder();
  builder.register(plugin('boxes', { components: [box, boxed], traits: [extra], lowering: [wrap, sharer] }));
  if (naming) builder.register(plugin('namer', { naming }));
  return builder.seal();
}

function app(components: string): string {
  return `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: shop\nspec:\n  components:\n${components}`;
}

function names(text: string, naming?: NamingHook): string[] {
  const result = build({ application: { file: 'app.yaml', text: app(text) }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registryWith(naming));
  return result.objects.map((object) => object.metadata.name);
}

function refusal(text: string, naming?: NamingHook): string {
  return firstDiagnostic(() => names(text, naming)).message;
}

const web = '    - name: web\n      type: box\n';

describe('the Naming hook', () => {
  it('is asked once per resolved name with the application, component, role, kind and default, and its answer is the name', () => {
    const asked: NameRequest[] = [];
    const hook: NamingHook = (request) => {
      asked.push(request);
      return `${request.default}-x`;
    };
    expect(names(`${web}      traits:\n        - type: extra\n`, hook)).toEqual(['web-data-x', 'web-extra-x']);
    expect(asked).toEqual([
      { application: 'shop', component: 'web', role: 'generated', kind: 'ConfigMap', default: 'web-data' },
      { application: 'shop', component: 'web', role: 'generated', kind: 'ConfigMap', default: 'web-extra' },
      // The trait's sub-application, named after its first object unless the trait says otherwise.
      { application: 'shop', component: 'web', role: 'sub-application', kind: '', default: 'web-extra-x' },
      { application: 'shop', component: '', role: 'bundle', kind: '', default: 'shop' },
    ]);
  });

  it('is never asked for a name the author wrote', () => {
    const asked: NameRequest[] = [];
    const hook: NamingHook = (request) => {
      asked.push(request);
      return false;
    };
    expect(names(`${web}      properties:\n        dataName: mine\n`, hook)).toEqual(['mine']);
    expect(asked.map((request) => request.role)).toEqual(['bundle']);
  });

  it('keeps the default when it answers false', () => {
    expect(names(web, () => false)).toEqual(['web-data']);
  });

  it('refuses an answer that cannot be a name of the role, never shortening it', () => {
    expect(refusal(web, () => 'Not_A_Name')).toMatch(
      /^component "web": the Naming hook returned "Not_A_Name" for role "generated" in place of "web-data": not a valid DNS-1123 subdomain: a lowercase RFC 1123 subdomain .*; return a valid name, or false to keep the default$/,
    );
    expect(refusal(web, () => 'a'.repeat(254))).toMatch(/in place of "web-data": not a valid DNS-1123 subdomain: must be no more than 253 characters; return a valid name/);
  });

  it('is one per registry: a second plugin contributing one is refused', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('first', { naming: () => false }));
    expect(() => builder.register(plugin('second', { naming: () => false }))).toThrow(
      'plugin "second" contributes a naming hook, and plugin "first" already did; a registry holds one',
    );
    expect(() => new RegistryBuilder().register({ ...plugin('odd', {}), naming: 'x' } as unknown as KurelPlugin)).toThrow('plugin "odd" contributes a naming hook that is not a function');
  });

  it('is answered by the registry', () => {
    const hook: NamingHook = () => false;
    expect(registryWith(hook).naming()).toMatchObject({ value: hook, plugin: 'namer' });
    expect(registryWith().naming()).toBeUndefined();
  });
});

describe('name collisions', () => {
  it('names both owners and where each name came from', () => {
    const text = `${web}    - name: api\n      type: box\n      properties:\n        dataName: web-data\n`;
    expect(refusal(text)).toBe(
      'component "api": name collision: ConfigMap "default/web-data" is named by component "web" (role "generated", its default) and by component "api" (role "generated", set by dataName); give one of them another name',
    );
  });

  it('is told from every other refusal by its code, without reading the text', () => {
    const text = `${web}    - name: api\n      type: box\n      properties:\n        dataName: web-data\n`;
    const diagnostic = firstDiagnostic(() => names(text));
    expect(diagnostic).toMatchObject({ code: 'KUREL_COLLISION', component: 'api', path: 'spec.components[1].properties.dataName' });
    expect(firstDiagnostic(() => names(web, () => 'Bad_Name')).code).not.toBe('KUREL_COLLISION');
  });

  it('names a trait by its place, and a name the hook returned by the default it replaced', () => {
    const text = `${web}      traits:\n        - type: extra\n`;
    expect(refusal(text, (request) => (request.default === 'web-extra' ? 'web-data' : false))).toBe(
      'component "web" trait "extra": name collision: ConfigMap "default/web-data" is named by component "web" (role "generated", its default) and by component "web" traits[0] "extra" (role "generated", returned by the Naming hook in place of "web-extra"); give one of them another name',
    );
  });

  it('refuses one owner naming one object twice', () => {
    const text = `${web}      traits:\n        - type: extra\n          properties:\n            name: same\n        - type: extra\n          properties:\n            name: same\n`;
    expect(refusal(text)).toBe(
      'component "web" trait "extra": name collision: ConfigMap "default/same" is named by component "web" traits[0] "extra" (role "generated", set by name) and by component "web" traits[1] "extra" (role "generated", set by name); give one of them another name',
    );
  });

  it('refuses one owner resolving one name twice, as naming it twice', () => {
    const text = `${web}      traits:\n        - type: extra\n          properties:\n            twice: true\n`;
    expect(refusal(text)).toBe(
      'component "web" trait "extra": name collision: ConfigMap "default/web-extra" is named twice by component "web" traits[0] "extra" (role "generated", its default); give one of them another name',
    );
  });
});

describe('bundle and group names', () => {
  const tiered = `    - name: web\n      type: box\n      annotations:\n        launcher.gokure.dev/tier: apps\n    - name: db\n      type: box\n      annotations:\n        launcher.gokure.dev/tier: infra\n`;
  const run = (text: string, naming?: NamingHook) =>
    build({ application: { file: 'app.yaml', text: app(text) }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registryWith(naming)).bundle;

  it('are the hook\'s to change, asked with no component and no kind', () => {
    const asked: NameRequest[] = [];
    const hook: NamingHook = (request) => {
      asked.push(request);
      return request.role === 'group' ? `team-${request.default}` : request.role === 'bundle' ? 'team-shop' : false;
    };
    expect(run(tiered, hook)).toEqual({ name: 'team-shop', applications: [], groups: [{ name: 'team-shop-infra', components: ['db'] }, { name: 'team-shop-apps', components: ['web'] }] });
    expect(asked.filter((request) => request.role === 'bundle' || request.role === 'group')).toEqual([
      { application: 'shop', component: '', role: 'bundle', kind: '', default: 'shop' },
      { application: 'shop', component: '', role: 'group', kind: '', default: 'shop-infra' },
      { application: 'shop', component: '', role: 'group', kind: '', default: 'shop-apps' },
    ]);
  });

  it('keep their defaults without a hook; a flat application is its bundle alone', () => {
    expect(run(tiered)).toEqual({ name: 'shop', applications: [], groups: [{ name: 'shop-infra', components: ['db'] }, { name: 'shop-apps', components: ['web'] }] });
    expect(run(web, (request) => (request.role === 'bundle' ? 'renamed' : false))).toEqual({ name: 'renamed', applications: ['web'], groups: [] });
  });

  it('share one space: a group the hook gives the bundle\'s name is refused', () => {
    expect(firstDiagnostic(() => run(tiered, (request) => (request.default === 'shop-apps' ? 'shop' : false))).message).toBe(
      'name collision: bundle "shop" is named by the application (role "bundle", its default) and by the application (role "group", returned by the Naming hook in place of "shop-apps"); give one of them another name',
    );
  });
});

describe('resolveMemberName', () => {
  const wrapped = (properties: string) => `    - name: web\n      type: wrap\n      properties:\n${properties}`;

  it('names the member\'s object: the author\'s, else the hook\'s, else the member\'s name', () => {
    expect(names(wrapped('        mode: resolve\n        objectName: mine\n'))).toEqual(['mine']);
    expect(names(wrapped('        mode: resolve\n'), (request) => (request.role === 'generated' ? `${request.default}-hooked` : false))).toEqual(['web-hooked']);
    expect(names(wrapped('        mode: resolve\n'))).toEqual(['web']);
  });

  it('names only the object of a type that declares one', () => {
    expect(refusal(wrapped('        mode: no-object\n'))).toBe(
      'lowering component "web" (type "wrap") in document "shop" (kind "Application"): component type "box" declares no object for resolveMemberName to name',
    );
  });
});

describe('resolveSharedName', () => {
  const sharing = (web: string, api: string) =>
    `    - name: web\n      type: sharer\n      properties: {${web}}\n    - name: api\n      type: sharer\n      properties: {${api}}\n`;

  it('emits the document\'s object once and lets a later component adopt it, asking the hook once with no component', () => {
    expect(names(sharing('url: a', 'url: a'))).toEqual(['shop-source', 'web-data', 'api-data']);
    const asked: NameRequest[] = [];
    const hook: NamingHook = (request) => {
      asked.push(request);
      return request.role === 'shared-source' ? 'shared' : false;
    };
    expect(names(sharing('url: a', 'url: a'), hook)).toEqual(['shared', 'web-data', 'api-data']);
    expect(asked.filter((request) => request.role === 'shared-source')).toEqual([{ application: 'shop', component: '', role: 'shared-source', kind: 'ConfigMap', default: 'shop-source' }]);
  });

  it('keeps an authored name the component\'s own, shared only by one name for one identity', () => {
    expect(names(sharing('url: a, sourceName: mine', 'url: a'))).toEqual(['mine', 'web-data', 'shop-source', 'api-data']);
    expect(names(sharing('url: a, sourceName: shop-source', 'url: a'))).toEqual(['shop-source', 'web-data', 'api-data']);
    expect(refusal(sharing('url: a, sourceName: same', 'url: b, sourceName: same'))).toMatch(
      /^lowering component "api" \(type "sharer"\) in document "shop" \(kind "Application"\): lowering: generated name "same" collides — component "web" \(type "sharer"\) in document "shop" \(kind "Application"\) claimed it for identity sha256:[0-9a-f]{12}, component "api" \(type "sharer"\) in document "shop" \(kind "Application"\) for identity sha256:[0-9a-f]{12}/,
    );
  });
});
