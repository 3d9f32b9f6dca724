import { describe, expect, it } from 'vitest';
import { check } from '../../../src/engine/check.js';
import { formatDiagnostic } from '../../../src/plugin-api/diagnostics.js';
import { DEFAULT_INPUT_LIMITS } from '../../../src/engine/yaml/input-limits.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { registryOf } from './support.js';

const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);
const settings = { domain: 'launcher.gokure.dev', clusterId: 'local' };

const header = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n';

// Three components each refused at a different stage: parsing (an unknown type), parsing again
// (a trait the type does not take) and the property check. A policy names the first.
const THREE_STAGES = `${header}    - name: web
      type: webservic
      properties: {image: x/web:v1}
    - name: cfg
      type: configmap
      properties: {data: {a: b}}
      traits:
        - type: scaler
          properties: {minReplicas: 1, maxReplicas: 2}
    - name: db
      type: worker
      properties: {image: x/db:v1, replicas: two}
    - name: api
      type: worker
      properties: {image: x/api:v1}
  policies:
    - name: order
      type: dependency
      properties:
        rules:
          - component: api
            dependsOn: [web]
`;

describe('check', () => {
  it('goes on past a stage that stops at its first refusal, reporting each refused component once, in file order', async () => {
    const { errors } = await check({ application: { file: 'app.yaml', text: THREE_STAGES }, settings }, registry);
    expect(errors.map((error) => formatDiagnostic(error).split(': ').slice(0, 2).join(': '))).toEqual([
      'app.yaml:7:7 spec.components[0].type: invalid value "webservic" for "type" in "web"; did you mean \"webservice\"?',
      'app.yaml:13:11 spec.components[1].traits[0].type: trait "scaler" is not supported on component type "configmap" (component "cfg"); supported types',
      'app.yaml:17:36 spec.components[2].properties.replicas: component "db" (type "worker")',
    ]);
    expect(errors.map((error) => error.component)).toEqual([undefined, undefined, 'db']);
  });

  it('reports every refused component of a flow-style list too: the stages run once on the text as written', async () => {
    const flow = `${header.replace('  components:\n', '')}  components: [{name: web, type: webservic}, {name: db, type: worker, properties: {image: x/db:v1, replicas: two}}]\n`;
    const { errors } = await check({ application: { file: 'app.yaml', text: flow }, settings }, registry);
    expect(errors.map((error) => error.path)).toEqual(['spec.components[0].type', 'spec.components[1].properties.replicas']);
  });

  it('reports a list past the limit of components once: it is the list’s refusal, not its first item past the limit’s', async () => {
    const text = `${header}${Array.from({ length: 5 }, (_, index) => `    - name: c${index}\n      type: workr\n`).join('')}`;
    const limits = { ...DEFAULT_INPUT_LIMITS, components: 2 };
    const { errors } = await check({ application: { file: 'app.yaml', text, limits }, settings }, registry);
    expect(errors.map((error) => [error.code, error.path])).toEqual([['KUREL_INPUT_LIMIT', 'spec.components[2]']]);
  });

  it('is clean on a valid application', async () => {
    const valid = `${header}    - name: api\n      type: worker\n      properties: {image: x/api:v1}\n`;
    expect(await check({ application: { file: 'app.yaml', text: valid }, settings }, registry)).toEqual({ errors: [], warnings: [] });
  });
});

describe('check on many refused components', () => {
  it('reports every component refused at parsing and every one refused at the property check, each once, in file order', async () => {
    const components = Array.from({ length: 60 }, (_, index) =>
      index % 3 === 0
        ? `    - name: c${index}\n      type: workr\n      properties: {image: x/c:v1}\n`
        : index % 3 === 1
          ? `    - name: c${index}\n      type: worker\n      properties: {image: x/c:v1, replicas: two}\n`
          : `    - name: c${index}\n      type: worker\n      properties: {image: x/c:v1}\n`,
    ).join('');
    const { errors } = await check({ application: { file: 'app.yaml', text: header + components }, settings }, registry);
    const expected = Array.from({ length: 60 }, (_, index) => index)
      .filter((index) => index % 3 !== 2)
      .map((index) => (index % 3 === 0 ? `spec.components[${index}].type` : `spec.components[${index}].properties.replicas`));
    expect(errors.map((error) => error.path)).toEqual(expected);
  });
});
