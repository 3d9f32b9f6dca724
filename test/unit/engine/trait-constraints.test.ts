import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine/build.js';
import { RefusalClass, type Policy } from '../../../src/plugin-api/index.js';
import { NOOP_POLICY } from '../../../src/plugin-api/kit/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { refusal, registryOf } from './support.js';

const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: web
      type: webservice
      properties: {image: ghcr.io/acme/web:1.0.0, port: 8080}
      traits:
        - type: scaler
          properties: {minReplicas: 2, maxReplicas: 3}
        - type: pvc
          properties: {name: data, size: 1Gi}
    - name: settings
      type: configmap
      properties: {data: {a: b}}
`;

const run = (policy: Partial<Policy>) => build({ application: { file: 'app.yaml', text: APP }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local', policy: { ...NOOP_POLICY, ...policy } } }, registry);

describe('trait-type constraints of the policy', () => {
  it('refuses a forbidden trait type as a trait-capability violation of the component, at the trait', () => {
    const error = refusal(() => run({ forbiddenCapabilities: () => ['pvc'], allowedCapabilities: () => ['scaler'] }));
    expect(error.code).toBe('KUREL_POLICY_VIOLATION');
    expect(error.refusalClass).toBe(RefusalClass.traitCapability);
    expect(error.diagnostics[0]).toMatchObject({ component: 'web', path: 'spec.components[0].traits[1].type', message: 'component "web": capability "pvc" is forbidden by environment policy' });
  });

  it('refuses a trait type the allowed list leaves out, and reads only the traits the author wrote', () => {
    expect(refusal(() => run({ allowedCapabilities: () => ['scaler'] })).diagnostics[0].message).toBe('component "web": capability "pvc" is not in the allowed list');
    // The role's own topology-spread is not the author's: it is not held to the list.
    expect(run({ allowedCapabilities: () => ['scaler', 'pvc'] }).objects.length).toBeGreaterThan(0);
  });

  it('refuses each component that lacks a required type', () => {
    const error = refusal(() => run({ requiredCapabilities: () => ['scaler'] }));
    expect(error.diagnostics).toHaveLength(1);
    expect(error.diagnostics[0]).toMatchObject({ component: 'settings', path: 'spec.components[1]', message: 'component "settings": required capability "scaler" is missing', refusalClass: RefusalClass.traitCapability });
  });
});
