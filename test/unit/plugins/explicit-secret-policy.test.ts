import { describe, expect, it } from 'vitest';
import { formatDiagnostic, RefusalClass, type Diagnostic, type Policy } from 'kurel/plugin-api';
import { builtinTester, emitted, refusalOf } from '../../support/engine.js';
import { deploymentComponent } from './fixtures.js';

// ExplicitSecretPolicy: a document may carry secret values itself unless the policy implements
// the optional interface and answers false. A refusal never carries the value.

const SENTINEL = 's3cr3t-sentinel-value';
const forbidding = { allowExplicitSecrets: () => false } as Partial<Policy>;
const allowing = { allowExplicitSecrets: () => true } as Partial<Policy>;
const component = deploymentComponent('api');
const secretDoc = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\nstringData:\n  password: ${SENTINEL}\n`;
const FORBIDS = 'the environment policy forbids explicit secrets; reference a Secret created out of band instead';

/** The CLI's refusal of these components under a policy forbidding explicit secrets, checked not to print the value. */
async function forbidden(components: Parameters<typeof refusalOf>[0], namespace = 'default'): Promise<Diagnostic> {
  const diagnostic = await refusalOf(components, { policy: forbidding, namespace });
  expect(formatDiagnostic(diagnostic)).not.toContain(SENTINEL);
  expect(diagnostic.code).toBe('KUREL_POLICY_VIOLATION');
  expect(diagnostic.refusalClass).toBe(RefusalClass.explicitSecret);
  return diagnostic;
}

describe('explicit secrets', () => {
  it('refuses the secret trait and the secret component under a policy that forbids them', async () => {
    await builtinTester('traits', { policy: forbidding }).runTrait('secret', [
      {
        component,
        properties: { name: 'creds', stringData: { password: SENTINEL } },
        error: { message: `component "api": secret "creds": ${FORBIDS}`, refusalClass: RefusalClass.explicitSecret, code: 'KUREL_POLICY_VIOLATION' },
      },
    ]);
    await builtinTester('components', { policy: forbidding }).runComponent('secret', [
      { name: 'creds', properties: { stringData: { password: SENTINEL } }, error: { message: `component "creds": secret "creds": ${FORBIDS}`, refusalClass: RefusalClass.explicitSecret, code: 'KUREL_POLICY_VIOLATION' } },
    ]);
    await forbidden([{ ...component, traits: [{ type: 'secret', properties: { name: 'creds', stringData: { password: SENTINEL } } }] }]);
  });

  it('builds them with no policy, a policy that does not answer, and one that allows them', async () => {
    for (const policy of [undefined, {}, allowing]) {
      const options = policy ? { policy } : {};
      const withTrait = await emitted([{ ...component, traits: [{ type: 'secret', properties: { name: 'creds', stringData: { password: 'x' } } }] }], options);
      expect(withTrait.objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['Deployment/api', 'Secret/creds']);
      const alone = await emitted([{ name: 'creds', type: 'secret', properties: { stringData: { password: 'x' } } }], options);
      expect(alone.objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['Secret/creds']);
    }
  });

  it('refuses a core Secret a passthrough or manifests component carries, whatever it holds', async () => {
    const pt = await forbidden([{ name: 'creds', type: 'passthrough', properties: { object: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'creds' }, stringData: { password: SENTINEL } } } }], 'shop');
    expect(pt.message).toBe(`component "creds": passthrough: object Secret "shop/creds" is a Secret, and ${FORBIDS}`);
    const mf = await forbidden([{ name: 'bundle', type: 'manifests', properties: { inline: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n---\n${secretDoc}` } }], 'shop');
    expect(mf.message).toBe(`component "bundle": manifest source: object Secret "shop/creds" is a Secret, and ${FORBIDS}`);
  });

  it('lets a Secret of another group and other kinds pass', async () => {
    const options = { policy: forbidding, namespace: 'shop' };
    expect((await emitted([{ name: 'x', type: 'passthrough', properties: { object: { apiVersion: 'example.com/v1', kind: 'Secret', metadata: { name: 'x' }, spec: {} } } }], options)).objects).toHaveLength(1);
    expect((await emitted([{ name: 'x', type: 'manifests', properties: { inline: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n' } }], options)).objects).toHaveLength(1);
  });

  it('refuses a helm component’s secretValues through the secret trait it lowers to', async () => {
    const helm = [{ name: 'app', type: 'helm', properties: { chart: 'app', version: '1.0.0', source: { url: 'https://charts.example.com' }, secretValues: { password: SENTINEL } } }];
    const refusal = await forbidden(helm, 'shop');
    expect(refusal.message).toMatch(new RegExp(`^component "app": secret "app-secret-values-[0-9a-z]+": ${FORBIDS}$`));
    expect((await emitted(helm, { policy: allowing, namespace: 'shop' })).objects.some((object) => object.kind === 'Secret')).toBe(true);
  });
});
