import { describe, expect, it } from 'vitest';
import { parsePackage } from '../../../src/engine/documents/package.js';
import { resolveParameters } from '../../../src/engine/documents/parameters.js';
import { parseSource } from '../../../src/engine/yaml/source.js';
import { firstDiagnostic, source } from './support.js';

const PACKAGE = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Package
metadata:
  name: shop
spec:
  parameters:
    - name: image
      type: string
      required: true
    - name: replicas
      type: integer
      default: 1
    - name: debug
      type: boolean
      default: false
    - name: name
      type: string
      default: shop
    - name: tlsSecret
      type: string
      default: "\${name}-tls"
    - name: tags
      type: array
    - name: extra
      type: object
    - name: tag
      type: string
`;

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: shop
spec:
  components:
    - name: web
      type: webservice
      properties:
        image: "\${image}"
        replicas: \${replicas}
        debug: \${debug}
        secret: "\${tlsSecret}"
        label: "v\${replicas}-\${debug}"
`;

interface Run {
  pkg?: string;
  app?: string;
  values?: string | string[];
  sets?: string[];
  setStrings?: string[];
  setJsons?: string[];
  setFiles?: string[];
  setFileTexts?: Record<string, string>;
}

function resolve({ pkg = PACKAGE, app = APP, values, sets = [], ...flags }: Run) {
  const application = source(app);
  const effective = resolveParameters(
    parsePackage(source(pkg, 'kurel.yaml')),
    { values: (values === undefined ? [] : [values].flat()).map(valuesFile), sets, ...flags },
    application,
  );
  return { effective, app: application.toJS() as { spec: { components: Array<{ properties: Record<string, unknown> }> } } };
}

/** The first values file is values.yaml, later ones values-1.yaml, … */
function valuesFile(text: string, index: number) {
  const file = index === 0 ? 'values.yaml' : `values-${index}.yaml`;
  return { file, source: parseSource({ file, text })[0] };
}

function props(run: Run): Record<string, unknown> {
  return resolve(run).app.spec.components[0].properties;
}

function failure(run: Run) {
  return firstDiagnostic(() => resolve(run));
}

describe('resolveParameters: values and defaults', () => {
  it('substitutes whole values with their declared type and inline values as strings', () => {
    expect(props({ values: 'image: ghcr.io/x/web:v1.2.3\nreplicas: 2\n' })).toEqual({
      image: 'ghcr.io/x/web:v1.2.3',
      replicas: 2,
      debug: false,
      secret: 'shop-tls',
      label: 'v2-false',
    });
  });

  it('resolves defaults from earlier parameters', () => {
    const { effective } = resolve({ sets: ['image=a:v1', 'name=cart'] });
    expect(effective.get('tlsSecret')).toBe('cart-tls');
    expect(effective.get('replicas')).toBe(1);
  });

  it('lets --set win over --values key by key, coercing the string', () => {
    expect(props({ values: 'image: a:v1\nreplicas: 2\ndebug: true\n', sets: ['replicas=5'] })).toMatchObject({ image: 'a:v1', replicas: 5, debug: true });
  });

  it('coerces --set values by the declared type', () => {
    const { effective } = resolve({ sets: ['image=a:v1', 'replicas=07', 'debug=T', 'tag=123'] });
    expect(effective.get('replicas')).toBe(7);
    expect(effective.get('debug')).toBe(true);
    expect(effective.get('tag')).toBe('123');
  });

  it('keeps a string parameter a string where it is substituted whole, even when it looks like a number', () => {
    const app = APP.replace('debug: ${debug}', 'tag: ${tag}');
    expect(props({ app, sets: ['image=a:v1', 'tag=123'] }).tag).toBe('123');
    expect(props({ app, sets: ['image=a:v1', 'tag=true'] }).tag).toBe('true');
  });

  it('accepts a whole float and a numeric string for an integer in the values file', () => {
    expect(resolve({ values: 'image: a:v1\nreplicas: 3.0\n' }).effective.get('replicas')).toBe(3);
    expect(resolve({ values: 'image: a:v1\nreplicas: "4"\n' }).effective.get('replicas')).toBe(4);
  });

  it('formats a scalar of another type for a string parameter', () => {
    expect(resolve({ values: 'image: 42\n' }).effective.get('image')).toBe('42');
  });

  it('substitutes an array or object parameter as a whole YAML node', () => {
    const app = APP.replace('debug: ${debug}', 'tags: ${tags}\n        extra: ${extra}');
    expect(props({ app, values: 'image: a:v1\ntags: [a, b]\nextra: {k: v, n: 1}\n' })).toMatchObject({ tags: ['a', 'b'], extra: { k: 'v', n: 1 } });
  });

  it('treats an empty values file as no values', () => {
    expect(resolve({ values: '', sets: ['image=a:v1'] }).effective.get('image')).toBe('a:v1');
  });

  it('never substitutes keys', () => {
    const app = APP.replace('debug: ${debug}', '"${tag}": 1');
    expect(Object.keys(props({ app, sets: ['image=a:v1'] }))).toContain('${tag}');
  });
});

describe('resolveParameters: refusals (inventory §9.3)', () => {
  it('requires a kurel-declared name for every supplied value', () => {
    expect(failure({ values: 'image: a:v1\nport: 80\n' }).message).toBe('parameter "port" is not declared in kurel.yaml');
    expect(failure({ sets: ['image=a:v1', 'port=80'] }).message).toBe('parameter "port" is not declared in kurel.yaml');
  });

  it('places an undeclared values-file key in the values file', () => {
    const diagnostic = failure({ values: 'image: a:v1\nport: 80\n' });
    expect(diagnostic.file).toBe('values.yaml');
    expect(diagnostic.line).toBe(2);
  });

  it('refuses a --set without =, behind the flag and the column', () => {
    const diagnostic = failure({ sets: ['image'] });
    expect(diagnostic.message).toBe('column 1: key "image" has no value (expected image=value)');
    expect(diagnostic.path).toBe('--set image');
    expect(diagnostic.code).toBe('KUREL_FLAG');
    expect(failure({ sets: ['=x'] }).message).toBe('column 1: a key is empty (a "." or "=" inside a key is written \\. or \\=)');
  });

  it('requires a values file that is a mapping', () => {
    expect(failure({ values: '- a\n- b\n' }).message).toBe('values file "values.yaml" must be a map (key: value pairs), got a list');
    expect(failure({ values: 'just text\n' }).message).toBe('values file "values.yaml" must be a map (key: value pairs), got a string');
  });

  it('requires a required parameter', () => {
    expect(failure({}).code).toBe('KUREL_PARAMETER');
    expect(failure({}).message).toBe('required parameter "image" is not set; provide it with --values or --set');
  });

  it('uses the coercion texts', () => {
    const cases: Array<[Run, string]> = [
      [{ values: 'image: a:v1\nreplicas: 1.5\n' }, 'parameter "replicas" (type integer): 1.5 is not a valid integer (fractional values are not allowed)'],
      [{ sets: ['image=a:v1', 'replicas=abc'] }, 'parameter "replicas" (type integer): "abc" is not a valid integer'],
      [{ values: 'image: a:v1\nreplicas: true\n' }, 'parameter "replicas" (type integer): cannot read true as a whole number'],
      [{ sets: ['image=a:v1', 'debug=maybe'] }, 'parameter "debug" (type boolean): "maybe" is not a valid boolean (use true or false)'],
      [{ values: 'image: a:v1\ndebug: 5\n' }, 'parameter "debug" (type boolean): cannot read a number as true or false'],
      [{ values: 'image: [a]\n' }, 'parameter "image" (type string): got a list, expected a string'],
      [{ values: 'image: null\n' }, 'parameter "image" (type string): null is not a valid string value'],
      [{ sets: ['image=a:v1', 'tags=a'] }, 'parameter "tags" (type array) takes a list, and --set gives it the text "a": write a list as tags={a,b}, an item as tags[0]=…, or use --set-json or --values'],
      [{ sets: ['image=a:v1', 'extra=k'] }, 'parameter "extra" (type object) takes a map, and --set gives it the text "k": set a key as extra.key=…, or use --set-json or --values'],
      [{ sets: ['image=a:v1', 'tags.a=1'] }, 'parameter "tags" (type array): got a map, expected a list'],
      [{ sets: ['image=a:v1', 'name.first=1'] }, 'parameter "name" (type string): got a map, expected a string'],
      [{ sets: ['image=a:v1', 'image.tag=1'] }, 'column 6: "image" holds the value "a:v1", not a map, so "image.…" cannot be set'],
    ];
    for (const [run, message] of cases) expect(failure(run).message).toBe(message);
  });

  it('refuses a default that references a later parameter', () => {
    const pkg = PACKAGE.replace('default: "${name}-tls"', 'default: "${tag}-tls"');
    expect(failure({ pkg, sets: ['image=a:v1', 'tag=x'] }).message).toBe(
      'default for parameter "tlsSecret" references "tag" which has no value yet; only earlier parameters may be referenced in defaults',
    );
  });

  it('refuses a default that resolves to no valid value of its type', () => {
    const pkg = PACKAGE.replace('      type: integer\n      default: 1\n', '      type: integer\n      default: "${image}"\n');
    expect(failure({ pkg, sets: ['image=a:v1'] }).message).toBe('default for parameter "replicas" resolved to "a:v1" which is not a valid integer');
  });

  it('refuses a placeholder naming an undeclared parameter', () => {
    const diagnostic = failure({ app: APP.replace('${debug}', '${verbose}'), sets: ['image=a:v1'] });
    expect(diagnostic.message).toBe('undeclared parameter "verbose" referenced in application template');
    expect(diagnostic.path).toBe('spec.components[0].properties.debug');
    expect(diagnostic.line).toBe(12);
  });

  it('refuses a placeholder whose parameter has no value', () => {
    expect(failure({ app: APP.replace('${debug}', '${tag}'), sets: ['image=a:v1'] }).message).toBe('parameter "tag" has no value; set it with --values or --set');
  });

  it('refuses an array or object parameter inside a string', () => {
    const app = APP.replace('"v${replicas}-${debug}"', '"list-${tags}"');
    expect(failure({ app, values: 'image: a:v1\ntags: [a]\n' }).message).toBe('parameter "tags" (type array) cannot be used in inline string substitution');
  });
});

describe('resolveParameters: layered as Helm users layer them', () => {
  it('lets a later values file win, merging mappings key by key', () => {
    const { effective } = resolve({ values: ['image: a:v1\nreplicas: 2\nextra:\n  a: 1\n  b: 1\n', 'replicas: 3\nextra:\n  b: 2\n'] });
    expect(effective.get('image')).toBe('a:v1');
    expect(effective.get('replicas')).toBe(3);
    expect(effective.get('extra')).toEqual({ a: 1, b: 2 });
  });

  it('splits --set at commas, keeping an escaped comma and a {…} list whole', () => {
    expect(props({ sets: ['image=repo/api:v1,replicas=2'] })).toMatchObject({ image: 'repo/api:v1', replicas: 2 });
    expect(resolve({ sets: ['image=a:v1', 'name=a\\,b'] }).effective.get('name')).toBe('a,b');
    expect(failure({ sets: ['image=a:v1,replicas'] }).message).toBe('column 12: key "replicas" has no value (expected replicas=value)');
  });

  it('applies --set-string after --set, for string parameters only', () => {
    expect(resolve({ sets: ['image=a:v1', 'name=one'], setStrings: ['name=two'] }).effective.get('name')).toBe('two');
    expect(resolve({ setStrings: ['image=a:v1,tag=007'] }).effective.get('tag')).toBe('007');
    expect(failure({ sets: ['image=a:v1'], setStrings: ['replicas=2'] }).message).toBe('parameter "replicas" (type integer) cannot be set with --set-string; use --set');
  });

  it('names the parameter meant by a misspelt one', () => {
    expect(failure({ sets: ['imgae=a:v1'] }).message).toBe('parameter "imgae" is not declared in kurel.yaml (did you mean "image"?)');
  });
});

describe('resolveParameters: object and array parameters from the command line', () => {
  const base = 'image: a:v1\ntags: [x]\nextra:\n  res: {requests: {cpu: 100m, memory: 1Gi}}\n';

  it('sets a key deep in an object parameter, over the values files', () => {
    expect(resolve({ values: base, sets: ['extra.res.requests.cpu=200m'] }).effective.get('extra')).toEqual({ res: { requests: { cpu: '200m', memory: '1Gi' } } });
  });

  it('sets list items and whole lists of an array parameter', () => {
    expect(resolve({ values: base, sets: ['tags[1]=y'] }).effective.get('tags')).toEqual(['x', 'y']);
    expect(resolve({ values: base, sets: ['tags={a,b}'] }).effective.get('tags')).toEqual(['a', 'b']);
    expect(resolve({ values: base, sets: ['tags[0].name=A'] }).effective.get('tags')).toEqual([{ name: 'A' }]);
  });

  it('applies the flags in Helm\'s order: --set-json, --set, --set-string, --set-file', () => {
    const flags = { values: base, setJsons: ['extra={"k":"json","j":1}'], sets: ['extra.k=set'], setStrings: ['extra.k=string,extra.n=5'] };
    expect(resolve(flags).effective.get('extra')).toMatchObject({ k: 'string', j: 1, n: '5' });
    expect(resolve({ ...flags, setFiles: ['extra.k=k.txt'], setFileTexts: { 'k.txt': 'file\n' } }).effective.get('extra')).toMatchObject({ k: 'file\n' });
  });

  it('reads a JSON value and a file\'s text by the declared type', () => {
    const json = resolve({ values: base, setJsons: ['replicas=4,tags=["p","q"]'] }).effective;
    expect([json.get('replicas'), json.get('tags')]).toEqual([4, ['p', 'q']]);
    const { effective } = resolve({ values: base, setFiles: ['replicas=n.txt,name=name.txt'], setFileTexts: { 'n.txt': '6\n', 'name.txt': 'cart' } });
    expect(effective.get('replicas')).toBe(6);
    expect(effective.get('name')).toBe('cart');
  });

  it('refuses a JSON value of the wrong type, and an undeclared key, behind the flag', () => {
    const wrong = failure({ values: base, setJsons: ['extra=[1]'] });
    expect(wrong.message).toBe('parameter "extra" (type object): got a list, expected a map');
    expect(wrong.path).toBe('--set-json extra=[1]');
    const unknown = failure({ values: base, sets: ['extar.a=1'] });
    expect(unknown.message).toBe('parameter "extar" is not declared in kurel.yaml (did you mean "extra"?)');
    expect(unknown.path).toBe('--set extar.a=1');
  });
});
