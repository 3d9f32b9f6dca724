import { describe, expect, it } from 'vitest';
import { formatDiagnostic, isKurelError, readFunctionConfig, readResourceList } from '../../../../src/engine/index.js';

// The KRM function's input: a ResourceList read strictly, its functionConfig told apart (an
// Application given whole, or a KurelPackage naming a package), each refusal at its node.

const LIST = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n';

function refusal(text: string, read: (text: string) => unknown = (input) => readFunctionConfig(readResourceList({ file: '<stdin>', text: input }))): { code: string; text: string } {
  try {
    read(text);
  } catch (error) {
    if (!isKurelError(error)) throw error;
    return { code: error.code, text: formatDiagnostic(error.diagnostics[0]) };
  }
  throw new Error('expected a refusal');
}

const functionConfig = (body: string) => `${LIST}functionConfig:\n${body}`;

describe('readResourceList', () => {
  it('refuses YAML that does not parse, at its line and column', () => {
    expect(refusal('apiVersion: config.kubernetes.io/v1\nkind: [ResourceList\n')).toEqual({ code: 'KUREL_YAML_SYNTAX', text: expect.stringMatching(/^<stdin>:\d+:\d+: YAML syntax error: /) });
  });

  it('refuses a document that is not a ResourceList, naming its kind', () => {
    expect(refusal('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n')).toEqual({ code: 'KUREL_ENVELOPE', text: '<stdin>:2:1 kind: expected kind ResourceList, the KRM functions input, got "ConfigMap"' });
    expect(refusal('- a\n- b\n').text).toBe('<stdin>:1:1: expected a ResourceList (apiVersion config.kubernetes.io/v1), got a list');
  });

  it('refuses an apiVersion of another group, and a list without items', () => {
    expect(refusal('apiVersion: v1\nkind: ResourceList\nitems: []\n').text).toBe('<stdin>:1:1 apiVersion: unsupported apiVersion "v1" of a ResourceList, expected one of config.kubernetes.io/v1, config.kubernetes.io/v1beta1');
    expect(refusal('apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n').text).toMatch(/needs "items"/);
    expect(refusal('apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: [1]\n').text).toBe('<stdin>:3:9 items[0]: expected an object, got a number');
  });

  it('takes the v1beta1 list, as the specification schema does', () => {
    const list = readResourceList({ file: '<stdin>', text: 'apiVersion: config.kubernetes.io/v1beta1\nkind: ResourceList\nitems: []\n' });
    expect(list.apiVersion).toBe('config.kubernetes.io/v1beta1');
    expect(list.functionConfig).toBeUndefined();
  });
});

describe('readFunctionConfig', () => {
  it('refuses a list without a functionConfig, naming the kinds it takes', () => {
    expect(refusal(LIST)).toEqual({ code: 'KUREL_ENVELOPE', text: expect.stringContaining('has no functionConfig: kurel fn builds an Application (launcher.gokure.dev/v1alpha1), or a KurelPackage (kurel.dev/v1alpha1)') });
  });

  it('refuses a functionConfig of an unknown kind at its kind', () => {
    expect(refusal(functionConfig('  apiVersion: foo-corp.com/v1\n  kind: FulfillmentCenter\n  metadata: {name: staging}\n')).text).toMatch(/^<stdin>:6:3 functionConfig\.kind: unknown functionConfig kind "FulfillmentCenter"/);
  });

  it('isolates an Application at the lines and columns it has in the list', () => {
    const text = functionConfig('  apiVersion: launcher.gokure.dev/v1alpha1\n  kind: Application\n  metadata:\n    name: shop\n    annotations: {kurel.dev/profile: prod.yaml}\n  spec: {components: []}\n');
    const config = readFunctionConfig(readResourceList({ file: '<stdin>', text }));
    if (config.kind !== 'application') throw new Error('expected an application');
    expect(config.profile).toBe('prod.yaml');
    expect(config.ref).toEqual({ apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', name: 'shop' });
    const lines = config.application.text.split('\n');
    expect(lines).toHaveLength(text.split('\n').length);
    expect(lines.slice(0, 4).every((line) => line.trim() === '')).toBe(true);
    expect(lines[4]).toBe('  apiVersion: launcher.gokure.dev/v1alpha1');
    expect(lines[9]).toBe('  spec: {components: []}');
  });

  it('reads a KurelPackage and the file its orchestrator annotations name', () => {
    const text = functionConfig(
      '  apiVersion: kurel.dev/v1alpha1\n  kind: KurelPackage\n  metadata:\n    name: shop\n    annotations: {internal.config.kubernetes.io/path: gen/shop.yaml, internal.config.kubernetes.io/index: "2"}\n  spec:\n    path: ../shop\n    values: [a.yaml, b.yaml]\n    namespace: web\n    set:\n      replicas: 3\n',
    );
    const config = readFunctionConfig(readResourceList({ file: '<stdin>', text }));
    if (config.kind !== 'package') throw new Error('expected a package');
    expect({ path: config.path, values: config.values, namespace: config.namespace, file: config.file }).toEqual({ path: '../shop', values: ['a.yaml', 'b.yaml'], namespace: 'web', file: { path: 'gen/shop.yaml', index: 2 } });
    expect(config.set?.text.split('\n')[14]).toBe('      replicas: 3');
  });

  it('refuses a KurelPackage field it does not know, a missing path, and an environment beside a profile', () => {
    const pkg = (spec: string) => functionConfig(`  apiVersion: kurel.dev/v1alpha1\n  kind: KurelPackage\n  metadata: {name: shop}\n  spec:\n${spec}`);
    expect(refusal(pkg('    path: shop\n    enviroment: prod\n')).text).toMatch(/^<stdin>:10:5 functionConfig\.spec\.enviroment: unsupported field "enviroment" \(did you mean "environment"\? allowed: environment, namespace, path, profile, set, values\)$/);
    expect(refusal(pkg('    environment: prod\n')).text).toBe('<stdin>:8:3 functionConfig.spec: spec.path is required: the package folder (or its app.yaml) to build, relative to the working folder');
    expect(refusal(pkg('    path: shop\n    environment: prod\n    profile: p.yaml\n')).text).toMatch(/^<stdin>:11:5 functionConfig\.spec\.profile: spec\.profile and spec\.environment exclude each other/);
    expect(refusal(pkg('    path: shop\n    set: [a]\n')).text).toBe('<stdin>:10:5 functionConfig.spec.set: expected a map of package parameters, got a list');
  });

  it('refuses the rest of what a KurelPackage or an Application functionConfig may not hold', () => {
    const pkg = (spec: string, apiVersion = 'kurel.dev/v1alpha1') => functionConfig(`  apiVersion: ${apiVersion}\n  kind: KurelPackage\n  metadata: {name: shop}\n${spec}`);
    expect(refusal(pkg('  spec: {path: shop}\n', 'kurel.dev/v1')).text).toBe('<stdin>:5:3 functionConfig.apiVersion: unsupported apiVersion "kurel.dev/v1" of a KurelPackage, expected "kurel.dev/v1alpha1"');
    expect(refusal(pkg('')).text).toBe('<stdin>:4:1 functionConfig: a KurelPackage needs spec.path, the package folder to build');
    expect(refusal(pkg('  spec:\n    path: shop\n    values: [a.yaml, 3]\n')).text).toBe('<stdin>:10:22 functionConfig.spec.values[1]: expected a file name, got a number');
    expect(refusal(pkg('  spec:\n    path: shop\n    environment: prod\n    values: [a.yaml]\n')).text).toMatch(/^<stdin>:11:5 functionConfig\.spec\.values: spec\.values and spec\.environment exclude each other/);
    const application = functionConfig('  apiVersion: launcher.gokure.dev/v1alpha1\n  kind: Application\n  metadata:\n    name: shop\n    annotations: {kurel.dev/profile: 3}\n');
    expect(refusal(application)).toEqual({ code: 'KUREL_ENVELOPE', text: '<stdin>:9:19 functionConfig.metadata.annotations.kurel.dev/profile: expected a file name, got a number' });
    expect(refusal(`${LIST}functionConfig: [a]\n`).text).toBe('<stdin>:4:1 functionConfig: expected an object, got a list');
  });
});
