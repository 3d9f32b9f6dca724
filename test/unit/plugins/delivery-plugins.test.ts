import { describe, expect, it } from 'vitest';
import { HandlerTester, type ComponentSpec } from 'kurel/plugin-api/testing';
import argocd from '../../../plugins/builtin-delivery/argocd.js';
import flux from '../../../plugins/builtin-delivery/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

// The delivery plugins the host loads by the layout's name: the Flux one renders all four types,
// the Argo CD one the two policies, refusing the Flux traits by the layout's name.

const web = (traits: ComponentSpec['traits']): ComponentSpec => ({ name: 'shop', type: 'webservice', properties: { image: 'ghcr.io/acme/shop:v1', port: 8080 }, traits });
const POSTBUILD = [{ type: 'fluxcd-postbuild', properties: { substitute: { env: 'prod' } } }];

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the build was not refused');
}

describe('delivery plugins', () => {
  it('under Flux: the traits configure the bundle holding their component', async () => {
    const result = await new HandlerTester(flux, { builtins: SOURCE_BUILTINS }).build([web(POSTBUILD)]);
    expect(result.layout.bundle.delivery).toEqual({ postBuild: { substitute: { env: 'prod' } } });
  });

  it('under Argo CD: the policies configure every bundle, and the Flux traits are refused naming the layout', async () => {
    const tester = new HandlerTester(argocd, { builtins: SOURCE_BUILTINS });
    const result = await tester.build([web([])], [{ name: 'sync', type: 'reconciliation', properties: { interval: '10m', prune: true } }]);
    expect(result.layout.bundle.delivery).toEqual({ interval: '10m0s', prune: true });
    expect(await refusalOf(tester.build([web(POSTBUILD)]))).toContain(
      'trait "fluxcd-postbuild" configures a Flux Kustomization, which --layout argocd does not write; use --layout flux, or remove the trait',
    );
  });

  it('without either, the delivery types keep the reference\'s refusal', async () => {
    const policies = SOURCE_BUILTINS.find((plugin) => plugin.meta.name === 'kurel-builtin-policies')!;
    const tester = new HandlerTester(policies, { builtins: SOURCE_BUILTINS });
    expect(await refusalOf(tester.build([web(POSTBUILD)]))).toContain('no handler for trait type "fluxcd-postbuild" (on component "shop"): it configures delivery, which launcher leaves');
  });

  it('publishes one schema per delivery policy type, whichever plugin handles it', () => {
    const policies = SOURCE_BUILTINS.find((plugin) => plugin.meta.name === 'kurel-builtin-policies')!;
    const declared = (type: string) => policies.declarations?.policies?.find((policy) => policy.type === type);
    const handled = (type: string) => flux.policies?.find((policy) => policy.type === type);
    for (const type of ['reconciliation', 'health-checks']) {
      expect(handled(type)?.properties, type).toEqual(declared(type)?.properties);
      expect(handled(type)?.example, type).toEqual(declared(type)?.example);
    }
    // A health check names its object: the same refusal with or without a delivering layout.
    const check = declared('health-checks')?.properties?.checks;
    expect(check && 'items' in check ? check.items : undefined).toMatchObject({ properties: { name: { required: true }, kind: { required: true }, apiVersion: { required: true } } });
  });
});
