import { meta } from './support.js';
import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/core.js';
import provenance from '../../../plugins/builtin-kinds/schemas/kubernetes-models/provenance.json' with { type: 'json' };

// The core schemas are generated from the Kubernetes v1.36 models: the fields and enum values
// that release added over v1.33 are taken, and an unknown key under them is refused by its path.

const kind = (type: string) => kinds.find((k) => k.type === type)!;
const tester = builtinTester('kinds', { namespace: 'shop' });
const render = async (type: string, properties: Record<string, unknown>, name = 'app'): Promise<Record<string, any>> => (await rendered(tester, kind(type).type, name, properties)).objects[0];

const container = { name: 'app', image: 'ghcr.io/example/app:v1.0.0' };

describe('core kinds from Kubernetes v1.36', () => {
  it('are generated from the models of the package and Kubernetes version the provenance records', () => {
    expect(provenance.kubernetes).toBe('v1.36.0');
    expect(provenance.packages.map((p) => `${p.name}@${p.version}`)).toContain('kubernetes-models@5.1.0');
    for (const p of provenance.packages) expect(p.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
  });

  it('take the pod fields v1.36 added and print them as written', async () => {
    const spec = {
      hostnameOverride: 'box-1',
      schedulingGroup: { podGroupName: 'trainers' },
      tolerations: [{ key: 'gpu-count', operator: 'Gt', value: '2', effect: 'NoSchedule' }],
      containers: [
        {
          ...container,
          restartPolicy: 'Never',
          restartPolicyRules: [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }],
          env: [{ name: 'TOKEN', valueFrom: { fileKeyRef: { volumeName: 'env', path: 'app.env', key: 'TOKEN', optional: false } } }],
        },
      ],
      volumes: [
        { name: 'env', emptyDir: {} },
        { name: 'cert', projected: { sources: [{ podCertificate: { signerName: 'example.com/signer', keyType: 'ED25519', credentialBundlePath: 'bundle.pem', maxExpirationSeconds: 3600 } }] } },
      ],
    };
    const pod = await render('pod', spec);
    expect(pod.metadata).toEqual({ name: 'app', namespace: 'shop', labels: { app: 'app', 'launcher.gokure.dev/component': 'app' } });
    expect(pod.spec).toEqual({ ...spec, containers: [{ ...spec.containers[0], resources: {} }] });
  });

  it('print what the v1.36 models mark optional as the Go types of k8s.io/api v0.36.3 write it', async () => {
    // RoleRef.apiGroup, PriorityClass.value, EndpointSlice.endpoints and ProjectedVolumeSource.sources have no omitempty.
    expect((await render('rolebinding', { roleRef: { kind: 'Role', name: 'r' } })).roleRef).toEqual({ apiGroup: '', kind: 'Role', name: 'r' });
    expect((await render('priorityclass', {})).value).toBe(0);
    expect((await render('endpointslice', { addressType: 'IPv4' })).endpoints).toBeNull();
    const pod = await render('pod', { containers: [container], volumes: [{ name: 'p', projected: { defaultMode: 420 } }] });
    expect(pod.spec.volumes).toEqual([{ name: 'p', projected: { sources: null, defaultMode: 420 } }]);
    // ContainerRestartRule.action and PodCertificateProjection.signerName are required by the API but omitempty.
    const rules = await render('pod', { containers: [{ ...container, restartPolicyRules: [{ exitCodes: { values: [1] } }] }] });
    expect(rules.spec.containers[0].restartPolicyRules).toEqual([{ exitCodes: { values: [1] } }]);
  });

  it('take the CSIDriver fields and the webhook rule scope of v1.36', async () => {
    expect((await render('csidriver', { preventPodSchedulingIfMissing: true, serviceAccountTokenInSecrets: false })).spec).toEqual({
      preventPodSchedulingIfMissing: true,
      serviceAccountTokenInSecrets: false,
    });
    const rule = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], scope: 'Namespaced' };
    const hook = { name: 'pods.example.com', clientConfig: { url: 'https://hook.example.com' }, sideEffects: 'None', admissionReviewVersions: ['v1'], rules: [rule] };
    const config = await render('validatingwebhookconfiguration', { webhooks: [hook] });
    expect(config).toMatchObject({ metadata: meta('app', null), webhooks: [{ rules: [rule] }] });
  });

  it('refuse a misspelt field under a v1.36 field by its path, and a scope outside the enum', async () => {
    await tester.runComponent(kind('pod').type, [
      {
        properties: { containers: [{ ...container, restartPolicyRules: [{ action: 'Restart', exitCodes: { operator: 'In', valuez: [1] } }] }] },
        error: { message: /unsupported field "valuez"/, property: ['containers', 0, 'restartPolicyRules', 0, 'exitCodes', 'valuez'] },
      },
      {
        properties: { containers: [container], volumes: [{ name: 'c', projected: { sources: [{ podCertificate: { signerName: 's', keyType: 'RSA3072', keyPth: 'k' } }] } }] },
        error: { message: /unsupported field "keyPth"/, property: ['volumes', 0, 'projected', 'sources', 0, 'podCertificate', 'keyPth'] },
      },
      {
        properties: { containers: [container], schedulingGroup: { podGroup: 'x' } },
        error: { message: /unsupported field "podGroup"/, property: ['schedulingGroup', 'podGroup'] },
      },
      {
        properties: { containers: [container], tolerations: [{ key: 'k', operator: 'Above' }] },
        error: { message: /must be one of: Equal, Exists, Gt, Lt/, property: ['tolerations', 0, 'operator'] },
      },
    ]);
    await tester.runComponent(kind('mutatingwebhookconfiguration').type, [
      {
        properties: { webhooks: [{ name: 'a.example.com', clientConfig: { url: 'https://a' }, rules: [{ scope: 'Everywhere' }] }] },
        error: { message: /must be one of: \*, Cluster, Namespaced/, property: ['webhooks', 0, 'rules', 0, 'scope'] },
      },
    ]);
  });
});
