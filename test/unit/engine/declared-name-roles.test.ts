import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { build } from '../../../src/engine/build.js';
import { RegistryBuilder } from '../../../src/host/plugins/registry-builder.js';
import { definePlugin, defineTrait, type KurelPlugin, type NamingHook, type NameRequest } from '../../../src/plugin-api/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';
import acmeBackup from '../../third-party/acme-backup.js';
import { refusal, registryOf } from './support.js';

// A role a third-party trait declares is collected by the registry and honoured as a built-in's:
// its syntax and limit, the Naming hook, collisions. The engine and the plugin API hold no list
// of the built-ins' roles: the built-ins declare theirs the same way.

const meta = (name: string) => ({ name, version: '1.0.0', kurelApi: '^1.0.0' });

function run(traits: unknown[], options: { naming?: NamingHook; extra?: unknown[] } = {}) {
  const plugins: KurelPlugin[] = [...SOURCE_BUILTINS, acmeBackup];
  if (options.naming) plugins.push(definePlugin({ meta: meta('@acme/naming'), naming: options.naming }));
  const components = [{ name: 'web', type: 'webservice', properties: { image: 'ghcr.io/acme/web:v1', port: 8080 }, traits }, ...(options.extra ?? [])];
  const application = { apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', metadata: { name: 'shop', namespace: 'shop' }, spec: { components } };
  return build({ application: { file: 'app.yaml', text: stringify(application) }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registryOf(plugins));
}

const configMapNames = (result: ReturnType<typeof run>) => result.objects.filter((object) => object.kind === 'ConfigMap').map((object) => object.metadata.name);

describe('a name role a third-party plugin declares', () => {
  it('is listed by the registry beside the engine\'s and the built-ins\' roles, with its plugin', () => {
    const roles = registryOf([...SOURCE_BUILTINS, acmeBackup]).nameRoles();
    expect(roles.find((entry) => entry.value.role === 'acme-backup-schedule')).toMatchObject({ plugin: '@acme/backup', value: { syntax: 'label1035', maxLength: 40 } });
    expect(roles.find((entry) => entry.value.role === 'hpa')?.plugin).toBe('kurel-builtin-traits');
    expect(roles.slice(0, 6).map((entry) => [entry.value.role, entry.plugin])).toEqual([['bundle', ''], ['group', ''], ['sub-application', ''], ['netpol-synth', ''], ['object', ''], ['generated', '']]);
  });

  it('gives the default name, and takes a valid authored one', () => {
    expect(configMapNames(run([{ type: 'acme-backup', properties: { schedule: '0 3 * * *' } }]))).toEqual(['web-backup']);
    expect(configMapNames(run([{ type: 'acme-backup', properties: { schedule: '0 3 * * *', scheduleName: 'nightly' } }]))).toEqual(['nightly']);
  });

  it('holds an authored name to its syntax and limit, with the text a built-in role gets', () => {
    const bad = refusal(() => run([{ type: 'acme-backup', properties: { schedule: '0 3 * * *', scheduleName: 'nightly.backup' } }])).message;
    expect(bad).toContain('scheduleName "nightly.backup" cannot be the name for role "acme-backup-schedule": not a valid DNS-1035 label: a DNS-1035 label must consist of');
    expect(bad).toContain('; write a valid name, or leave the property out for the default "web-backup"');
    const long = refusal(() => run([{ type: 'acme-backup', properties: { schedule: '0 3 * * *', scheduleName: 'a'.repeat(41) } }])).message;
    expect(long).toContain('not a valid DNS-1035 label: must be no more than 40 characters');
    const builtin = refusal(() => run([{ type: 'scaler', properties: { minReplicas: 1, maxReplicas: 2, hpaName: 'Bad' } }])).message;
    expect(builtin).toContain('hpaName "Bad" cannot be the name for role "hpa": not a valid DNS-1123 subdomain');
  });

  it('is put to the Naming hook under its role, whose answer is held to it too', () => {
    const asked: NameRequest[] = [];
    const naming: NamingHook = (request) => {
      asked.push(request);
      return request.role === 'acme-backup-schedule' ? 'shop-web-backup' : false;
    };
    expect(configMapNames(run([{ type: 'acme-backup', properties: { schedule: '0 3 * * *' } }], { naming }))).toEqual(['shop-web-backup']);
    expect(asked).toContainEqual({ application: 'shop', component: 'web', role: 'acme-backup-schedule', kind: 'ConfigMap', default: 'web-backup' });
    const refused = refusal(() => run([{ type: 'acme-backup', properties: { schedule: '0 3 * * *' } }], { naming: (request) => (request.role === 'acme-backup-schedule' ? 'Shop' : false) })).message;
    expect(refused).toContain('the Naming hook returned "Shop" for role "acme-backup-schedule" in place of "web-backup": not a valid DNS-1035 label');
  });

  it('is named in a collision, as a built-in role is', () => {
    const extra = [{ name: 'settings', type: 'configmap', properties: { objectName: 'nightly', data: { a: 'b' } } }];
    const message = refusal(() => run([{ type: 'acme-backup', properties: { schedule: '0 3 * * *', scheduleName: 'nightly' } }], { extra })).message;
    expect(message).toContain('name collision: ConfigMap "shop/nightly" is named by component "web" traits[0] "acme-backup" (role "acme-backup-schedule", set by scheduleName) and by component "settings" (role "object"');
    expect(message).toContain('(role "acme-backup-schedule", set by scheduleName)');
  });
});

describe('name roles at registration and in a build', () => {
  const register = (...plugins: KurelPlugin[]) => {
    const builder = new RegistryBuilder();
    for (const plugin of plugins) builder.register(plugin);
    return builder.seal();
  };
  const claiming = (type: string, role: string) =>
    defineTrait({ type, description: 'Claims a role.', properties: {}, nameRoles: [{ role, names: 'something', default: '<component>', syntax: 'subdomain' }], apply: () => undefined });

  it('refuses a role two plugins declare', () => {
    const error = refusal(() => register(...SOURCE_BUILTINS, definePlugin({ meta: meta('@acme/hpa'), traits: [claiming('acme-hpa', 'hpa')] })));
    expect(error.diagnostics[0].code).toBe('KUREL_DUPLICATE_TYPE');
    expect(error.message).toBe('name role "hpa" is declared twice: by plugin "kurel-builtin-traits" (trait type "scaler") and by plugin "@acme/hpa" (trait type "acme-hpa"); give the role another name');
  });

  it('refuses a plugin declaring one of the engine\'s roles', () => {
    const error = refusal(() => register(definePlugin({ meta: meta('@acme/bundle'), traits: [claiming('acme-bundle', 'bundle')] })));
    expect(error.message).toBe('name role "bundle" is declared twice: by the engine and by plugin "@acme/bundle" (trait type "acme-bundle"); give the role another name');
  });

  it('lets two elements of one plugin declare one role alike', () => {
    const registry = register(definePlugin({ meta: meta('@acme/pair'), traits: [claiming('one', 'acme-pair'), claiming('two', 'acme-pair')] }));
    expect(registry.nameRole('acme-pair')?.names).toBe('something');
  });

  it('refuses a name resolved under a role no plugin declares', () => {
    const stray = defineTrait({
      type: 'stray',
      description: 'Names an object under a role it never declared.',
      properties: {},
      apply: ({ component }, ctx) => ({ objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: ctx.resolveName({ role: 'undeclared', kind: 'ConfigMap', default: `${component.name}-stray` }), namespace: component.namespace } }] }),
    });
    const application = { apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', metadata: { name: 'shop', namespace: 'shop' }, spec: { components: [{ name: 'web', type: 'webservice', properties: { image: 'i:1' }, traits: [{ type: 'stray' }] }] } };
    const registry = registryOf([...SOURCE_BUILTINS, definePlugin({ meta: meta('@acme/stray'), traits: [stray] })]);
    const message = refusal(() => build({ application: { file: 'app.yaml', text: stringify(application) }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry)).message;
    expect(message).toContain('name role "undeclared" is declared by no registered plugin');
  });
});
