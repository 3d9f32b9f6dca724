import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { certificate } from '../../../plugins/builtin-traits/certificate.js';
import { deploymentObject, deploymentComponent, traitMeta } from './fixtures.js';

const component = deploymentComponent('frontend');
const platform = builtinTester('traits', { capabilities: { certificate: { issuerRef: { name: 'letsencrypt-prod', kind: 'ClusterIssuer' } } } });

function cert(spec: Record<string, unknown>, name = 'frontend-tls') {
  return { apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: traitMeta(name, 'frontend'), spec };
}

describe('certificate trait', () => {
  it("names the Certificate after its Secret, signs it with the profile's issuer and prints Go durations", async () => {
    await platform.runTrait(certificate.type, [
      {
        component,
        properties: { secretName: 'frontend-tls', dnsNames: ['frontend.example.com'] },
        contains: [
          cert({
            secretName: 'frontend-tls',
            issuerRef: { name: 'letsencrypt-prod', kind: 'ClusterIssuer' },
            dnsNames: ['frontend.example.com'],
            duration: '2160h0m0s',
            renewBefore: '360h0m0s',
          }),
        ],
      },
      {
        title: 'authored issuer, durations and key',
        component,
        properties: {
          secretName: 'api-tls',
          dnsNames: ['a.example.com', 'b.example.com'],
          issuerRef: { name: 'team-ca' },
          duration: '720h',
          renewBefore: '90m',
          privateKey: { algorithm: 'ECDSA', size: 384, rotationPolicy: 'Always' },
        },
        contains: [deploymentObject('frontend'), 
          cert(
            {
              secretName: 'api-tls',
              issuerRef: { name: 'team-ca', kind: 'ClusterIssuer' },
              dnsNames: ['a.example.com', 'b.example.com'],
              duration: '720h0m0s',
              renewBefore: '1h30m0s',
              privateKey: { algorithm: 'ECDSA', size: 384, rotationPolicy: 'Always' },
            },
            'api-tls',
          ),
        ],
      },
      {
        // A partial override: the rendered issuer's name is kept under the authored kind.
        title: 'authored issuer kind over the rendered issuer',
        component,
        properties: { secretName: 'frontend-tls', dnsNames: ['frontend.example.com'], issuerRef: { kind: 'Issuer' } },
        contains: [
          cert({
            secretName: 'frontend-tls',
            issuerRef: { name: 'letsencrypt-prod', kind: 'Issuer' },
            dnsNames: ['frontend.example.com'],
            duration: '2160h0m0s',
            renewBefore: '360h0m0s',
          }),
        ],
      },
    ]);
  });

  it('refuses a certificate cert-manager would refuse', async () => {
    const base = { secretName: 'frontend-tls', dnsNames: ['frontend.example.com'] };
    await platform.runTrait(certificate.type, [
      { title: 'secretName', component, properties: { dnsNames: ['x.example.com'] }, error: { message: `component "frontend" trait "certificate": "secretName" is required; neither the trait nor capability "certificate"'s rendering sets it` } },
      { title: 'secretName syntax', component, properties: { ...base, secretName: 'Frontend_TLS' }, error: { message: /^component "frontend" trait "certificate": secretName: "Frontend_TLS" is not a valid name/ } },
      { title: 'dnsNames', component, properties: { ...base, dnsNames: [] }, error: { message: 'component "frontend" trait "certificate": dnsNames: at least one DNS name is required' } },
      { title: 'duration', component, properties: { ...base, duration: '90 days' }, error: { message: 'component "frontend" trait "certificate": duration: "90 days" is not a duration (such as "2160h" or "90m")', property: ['duration'] } },
      { title: 'renewBefore', component, properties: { ...base, renewBefore: '0s' }, error: { message: 'component "frontend" trait "certificate": renewBefore: "0s" must be longer than zero' } },
      { title: 'size without algorithm', component, properties: { ...base, privateKey: { size: 2048 } }, error: { message: 'component "frontend" trait "certificate": privateKey.size requires privateKey.algorithm to be set' } },
      { title: 'RSA size', component, properties: { ...base, privateKey: { algorithm: 'RSA', size: 1024 } }, error: { message: 'component "frontend" trait "certificate": privateKey.size 1024 is invalid for RSA (allowed: 2048, 4096, 8192)' } },
      { title: 'Ed25519 size', component, properties: { ...base, privateKey: { algorithm: 'Ed25519', size: 256 } }, error: { message: 'component "frontend" trait "certificate": privateKey.size must not be set for Ed25519 (key size is fixed)' } },
      { title: 'algorithm', component, properties: { ...base, privateKey: { algorithm: 'DSA' } }, error: { message: /must be one of: RSA, ECDSA, Ed25519/ } },
    ]);
    await builtinTester('traits').runTrait(certificate.type, [
      // Without a profile the capability itself is missing, which the engine refuses first.
      { title: 'no capability', component, properties: base, error: { message: 'component "frontend" trait "certificate": capability "certificate" not found in ClusterProfile: oam: capability key not found in ClusterProfile' } },
      // With no binding to merge under it, a nested object is checked as written.
      { title: 'issuer name, no profile', component, properties: { ...base, issuerRef: { kind: 'Issuer' } }, error: { message: 'component "frontend" trait "certificate": "name" is required', property: ['issuerRef'] } },
    ]);
    await builtinTester('traits', { capabilities: { certificate: {} } }).runTrait(certificate.type, [
      { title: 'no issuer', component, properties: base, error: { message: `component "frontend" trait "certificate": issuerRef is required; neither the trait nor capability "certificate"'s rendering sets it` } },
      { title: 'issuer name set by neither', component, properties: { ...base, issuerRef: { kind: 'Issuer' } }, error: { message: `component "frontend" trait "certificate": "name" is required; neither the trait nor capability "certificate"'s rendering sets it`, property: ['issuerRef'] } },
    ]);
  });
});
