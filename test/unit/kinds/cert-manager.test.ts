import { meta } from './support.js';
import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/cert-manager.js';
import { buildSamples } from './upstream-samples.js';

const tester = builtinTester('kinds', { namespace: 'shop' });
const kind = (type: string) => kinds.find((handler) => handler.type === type)!;

describe('cert-manager kinds', () => {
  it('declare Certificate, Issuer and ClusterIssuer of cert-manager.io/v1', async () => {
    expect(kinds.map((handler) => [handler.type, handler.object?.apiVersion, handler.object?.kind, handler.object?.scope])).toEqual([
      ['certificate', 'cert-manager.io/v1', 'Certificate', 'namespaced'],
      ['issuer', 'cert-manager.io/v1', 'Issuer', 'namespaced'],
      ['clusterissuer', 'cert-manager.io/v1', 'ClusterIssuer', 'cluster'],
    ]);
  });

  it('renders a Certificate with its durations as Go prints them and a keystore password reference written whole', async () => {
    await tester.runComponent(kind('certificate').type, [
      {
        name: 'shop-tls',
        properties: {
          secretName: 'shop-tls',
          issuerRef: { name: 'letsencrypt', kind: 'ClusterIssuer' },
          duration: '2160h',
          renewBefore: '90m',
          isCA: false,
          keystores: { pkcs12: { create: true, password: 'changeit', profile: 'Modern2023' } },
          renewal: { windows: [{ cron: '0 2 * * *', windowDuration: '120m' }] },
        },
        objects: [
          {
            apiVersion: 'cert-manager.io/v1',
            kind: 'Certificate',
            metadata: meta('shop-tls', 'shop'),
            spec: {
              secretName: 'shop-tls',
              issuerRef: { name: 'letsencrypt', kind: 'ClusterIssuer' },
              duration: '2160h0m0s',
              renewBefore: '1h30m0s',
              keystores: { pkcs12: { create: true, password: 'changeit', profile: 'Modern2023', passwordSecretRef: { name: '' } } },
              renewal: { windows: [{ cron: '0 2 * * *', windowDuration: '2h0m0s' }] },
            },
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', async () => {
    await tester.runComponent(kind('issuer').type, [
      {
        properties: { acme: { server: 'https://acme.example.com', privateKeySecretRef: { name: 'acme' }, solvers: [{ http01: { ingress: { clas: 'nginx' } } }] } },
        error: { code: 'KUREL_PROPERTY', message: /unsupported field "clas"/, property: ['acme', 'solvers', 0, 'http01', 'ingress', 'clas'] },
      },
    ]);
  });

  it('refuses a duration Go cannot read, and a certificate without its issuer or Secret', async () => {
    await tester.runComponent(kind('certificate').type, [
      { title: 'days', properties: { secretName: 's', issuerRef: { name: 'ca' }, duration: '90d' }, error: { message: /^component "web": duration: "90d" is not a Go duration/, property: ['duration'] } },
      { title: 'no issuer name', properties: { secretName: 's', issuerRef: { kind: 'Issuer' } }, error: { message: 'component "web" (type "certificate"): "name" is required', property: ['issuerRef'] } },
      { title: 'no Secret', properties: { issuerRef: { name: 'ca' } }, error: { message: 'component "web" (type "certificate"): "secretName" is required' } },
      { title: 'window without cron', properties: { secretName: 's', issuerRef: { name: 'ca' }, renewal: { windows: [{ windowDuration: '2h' }] } }, error: { property: ['renewal', 'windows', 0] } },
    ]);
  });

  it('writes the structs a Go issuer type always holds', async () => {
    const vault = await rendered(tester, kind('clusterissuer').type, 'vault', { vault: { server: 'https://vault:8200', path: 'pki/sign/x', auth: { appRole: { path: 'approle', roleId: 'r', secretRef: { name: 'approle', key: 'id' } } } } });
    expect(vault.objects[0].spec).toEqual({ vault: { server: 'https://vault:8200', path: 'pki/sign/x', auth: { appRole: { path: 'approle', roleId: 'r', secretRef: { name: 'approle', key: 'id' } } } } });
    const acme = { server: 'https://acme.example.com', privateKeySecretRef: { name: 'acme' }, solvers: [{ http01: { ingress: { ingressClassName: 'nginx', podTemplate: { spec: { nodeSelector: { pool: 'edge' } } } } } }] };
    expect((await rendered(tester, kind('issuer').type, 'le', { acme })).objects[0].spec).toEqual({
      acme: { ...acme, solvers: [{ http01: { ingress: { ingressClassName: 'nginx', podTemplate: { metadata: {}, spec: { nodeSelector: { pool: 'edge' } } } } } }] },
    });
    const k8s = await rendered(tester, kind('issuer').type, 'vault', { vault: { server: 'https://vault:8200', path: 'p', auth: { kubernetes: { role: 'r', serviceAccountRef: { name: 'sa' } } } } });
    expect(k8s.objects[0].spec).toEqual({ vault: { server: 'https://vault:8200', path: 'p', auth: { kubernetes: { role: 'r', serviceAccountRef: { name: 'sa' }, secretRef: { name: '' } } } } });
  });

  it("builds upstream's own sample objects (cert-manager/cert-manager test fixtures at v1.21.1)", async () => {
    const rendered = await buildSamples(kinds, 'cert-manager', ['cert-manager.io']);
    expect(rendered.map(({ object }) => object.kind).sort()).toEqual(['Certificate', 'Certificate', 'Issuer', 'Issuer']);
    for (const { file, authored, object } of rendered) expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(Object.keys(authored)));
  });
});
