import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { NOOP_POLICY, RefusalClass, type Policy } from 'kurel/plugin-api';
import { secret as secretComponent } from '../../../plugins/builtin-components/secret.js';
import { secret as secretTrait } from '../../../plugins/builtin-traits/secret.js';
import { kinds } from '../../../plugins/builtin-kinds/families/escape-hatches.js';
import { handlerOf } from '../kinds/support.js';
import { deploymentObject } from './isolated-fixtures.js';
import { build as buildApplication } from '../../../src/engine/build.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { registryOf } from '../engine/support.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);

// ExplicitSecretPolicy: a document may carry secret values itself unless the policy implements
// the optional interface and answers false. A refusal never carries the value.

const SENTINEL = 's3cr3t-sentinel-value';
const forbidding = (): Policy => ({ ...NOOP_POLICY, allowExplicitSecrets: () => false }) as Policy;
const allowing = (): Policy => ({ ...NOOP_POLICY, allowExplicitSecrets: () => true }) as Policy;
const component = { name: 'api', type: 'deployment', objects: [deploymentObject('api')] };
const passthrough = handlerOf(kinds, 'passthrough');
const manifests = handlerOf(kinds, 'manifests');
const secretDoc = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\nstringData:\n  password: ${SENTINEL}\n`;

function refusalOf(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    expect((error as Error).message).not.toContain(SENTINEL);
    return error as Error;
  }
  throw new Error('expected a refusal');
}

describe('explicit secrets', () => {
  it('refuses the secret trait and the secret component under a policy that forbids them', () => {
    new HandlerTester({ plugins: SOURCE_BUILTINS, policy: forbidding() }).runTrait(secretTrait, [
      {
        component,
        properties: { name: 'creds', stringData: { password: SENTINEL } },
        error: { message: 'secret "creds": the environment policy forbids explicit secrets; reference a Secret created out of band instead', refusalClass: RefusalClass.explicitSecret },
      },
    ]);
    new HandlerTester({ plugins: SOURCE_BUILTINS, policy: forbidding() }).runComponent(secretComponent, [
      { name: 'creds', properties: { stringData: { password: SENTINEL } }, error: { message: 'secret "creds": the environment policy forbids explicit secrets; reference a Secret created out of band instead', refusalClass: RefusalClass.explicitSecret } },
    ]);
  });

  it('builds them with no policy, a policy that does not answer, and one that allows them', () => {
    for (const tester of [new HandlerTester({ plugins: SOURCE_BUILTINS }), new HandlerTester({ plugins: SOURCE_BUILTINS, policy: allowing() })]) {
      expect(tester.applyTrait(secretTrait, { component, properties: { name: 'creds', stringData: { password: 'x' } } }).objects[0].kind).toBe('Secret');
      expect(tester.renderComponent(secretComponent, 'creds', { stringData: { password: 'x' } }).objects[0].kind).toBe('Secret');
    }
  });

  it('refuses a core Secret a passthrough or manifests component carries, whatever it holds', () => {
    const tester = new HandlerTester({ plugins: SOURCE_BUILTINS, namespace: 'shop', policy: forbidding() });
    const pt = refusalOf(() => tester.renderComponent(passthrough, 'creds', { object: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'creds' }, stringData: { password: SENTINEL } } }));
    expect(pt.message).toBe('passthrough: object Secret "shop/creds" is a Secret, and the environment policy forbids explicit secrets; reference a Secret created out of band instead');
    const mf = refusalOf(() => tester.renderComponent(manifests, 'bundle', { inline: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n---\n${secretDoc}` }));
    expect(mf.message).toBe('manifest source: object Secret "shop/creds" is a Secret, and the environment policy forbids explicit secrets; reference a Secret created out of band instead');
    expect((mf as Error & { refusalClass?: string }).refusalClass).toBe(RefusalClass.explicitSecret);
  });

  it('lets a Secret of another group and other kinds pass', () => {
    const tester = new HandlerTester({ plugins: SOURCE_BUILTINS, namespace: 'shop', policy: forbidding() });
    expect(tester.renderComponent(passthrough, 'x', { object: { apiVersion: 'example.com/v1', kind: 'Secret', metadata: { name: 'x' }, spec: {} } }).objects).toHaveLength(1);
    expect(tester.renderComponent(manifests, 'x', { inline: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n' }).objects).toHaveLength(1);
  });

  it('refuses a helm component’s secretValues through the secret trait it lowers to', () => {
    const text = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: app
      type: helm
      properties:
        chart: app
        version: 1.0.0
        source: {url: https://charts.example.com}
        secretValues: {password: ${SENTINEL}}
`;
    const run = (policy: Policy) => buildApplication({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local', policy } }, registry);
    const error = refusalOf(() => run(forbidding())) as Error & { refusalClass?: string };
    expect(error.message).toMatch(/: component "app": secret "app-secret-values-[0-9a-z]+": the environment policy forbids explicit secrets; reference a Secret created out of band instead$/);
    expect(error.refusalClass).toBe(RefusalClass.explicitSecret);
    expect(run(allowing()).objects.some((object) => object.kind === 'Secret')).toBe(true);
  });
});
