import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { NOOP_POLICY, RefusalClass, type Policy } from 'kurel/plugin-api';
import { kinds } from '../../../plugins/builtin-kinds/families/cert-manager.js';

const kind = (type: string) => kinds.find((handler) => handler.type === type)!;
const forbidding = new HandlerTester({ namespace: 'shop', policy: { ...NOOP_POLICY, allowExplicitSecrets: () => false } as Policy });
const certificate = (keystores: Record<string, unknown>) => ({ secretName: 'web-tls', issuerRef: { name: 'letsencrypt' }, dnsNames: ['shop.example.com'], keystores });

describe('a Certificate under a policy that forbids explicit secrets', () => {
  it('refuses a keystore password written into the object, not its value', () => {
    forbidding.runComponent(kind('certificate'), [
      {
        name: 'web',
        properties: certificate({ pkcs12: { create: true, password: 'changeit' } }),
        error: {
          message: 'keystores.pkcs12.password: the environment policy forbids explicit secrets; set passwordSecretRef to the key of a Secret created out of band instead',
          path: ['keystores', 'pkcs12', 'password'],
          refusalClass: RefusalClass.explicitSecret,
        },
      },
    ]);
  });

  it('builds a keystore whose password is the key of a Secret, and a written one where no policy forbids it', () => {
    expect(forbidding.renderComponent(kind('certificate'), 'web', certificate({ jks: { create: true, passwordSecretRef: { name: 'ks', key: 'password' } } })).objects).toHaveLength(1);
    expect(new HandlerTester({ namespace: 'shop' }).renderComponent(kind('certificate'), 'web', certificate({ jks: { create: true, password: 'changeit' } })).objects).toHaveLength(1);
  });
});
