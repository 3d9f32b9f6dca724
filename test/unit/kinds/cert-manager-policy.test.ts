import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { RefusalClass, type Policy } from 'kurel/plugin-api';
import { NOOP_POLICY } from 'kurel/plugin-kit';
import { kinds } from '../../../plugins/builtin-kinds/families/cert-manager.js';

const kind = (type: string) => kinds.find((handler) => handler.type === type)!;
const forbidding = builtinTester('kinds', { namespace: 'shop', policy: { ...NOOP_POLICY, allowExplicitSecrets: () => false } as Policy });
const certificate = (keystores: Record<string, unknown>) => ({ secretName: 'web-tls', issuerRef: { name: 'letsencrypt' }, dnsNames: ['shop.example.com'], keystores });

describe('a Certificate under a policy that forbids explicit secrets', () => {
  it('refuses a keystore password written into the object, not its value', async () => {
    await forbidding.runComponent(kind('certificate').type, [
      {
        name: 'web',
        properties: certificate({ pkcs12: { create: true, password: 'changeit' } }),
        error: {
          message: 'component "web": keystores.pkcs12.password: the environment policy forbids explicit secrets; set passwordSecretRef to the key of a Secret created out of band instead',
          property: ['keystores', 'pkcs12', 'password'],
          refusalClass: RefusalClass.explicitSecret,
        },
      },
    ]);
  });

  it('builds a keystore whose password is the key of a Secret, and a written one where no policy forbids it', async () => {
    expect((await rendered(forbidding, kind('certificate').type, 'web', certificate({ jks: { create: true, passwordSecretRef: { name: 'ks', key: 'password' } } }))).objects).toHaveLength(1);
    expect((await rendered(builtinTester('kinds', { namespace: 'shop' }), 'certificate', 'web', certificate({ jks: { create: true, password: 'changeit' } }))).objects).toHaveLength(1);
  });
});
