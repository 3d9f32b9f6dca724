import { definePlugin } from 'kurel/plugin-api';
import { kinds as core } from './families/core.js';
import { kinds as crdPackages } from './families/crd-packages.js';
import { kinds as flux } from './families/flux.js';
import { kinds as operators } from './families/operators.js';
import { fluxOperatorKinds } from './families/flux/artifacts.js';
import { objectKinds as prometheusOperatorKinds } from './families/prometheus.js';
import { coreExamples } from './examples/core.js';
import { crdPackageExamples } from './examples/crd-packages.js';
import { fluxExamples } from './examples/flux.js';
import { withExamples } from './examples/with-examples.js';
import { operatorExamples } from './examples/operators.js';
import { helmRule } from './flux-delivery/helm.js';
import { ociRule } from './flux-delivery/oci.js';
import { ciliumNetworkPolicy } from './traits/cilium-networkpolicy.js';
import { externalSecret } from './traits/external-secret.js';
import { httproute } from './traits/httproute.js';

// The kind components of the reference allowlist, as data: one table per family. With them, the
// handlers built on a kind's model (a Cilium rule, an ExternalSecret's dataFrom, an HTTPRoute
// rule, a HelmRelease's actions; the helm and oci rules that lower into Flux sources), kept in
// the room that owns the model so that they follow it when it is regenerated.
export default definePlugin({
  meta: { name: 'kurel-builtin-kinds', version: '0.1.0', kurelApi: '^2.0.0' },
  components: withExamples([...core, ...crdPackages, ...flux, ...operators], coreExamples, crdPackageExamples, fluxExamples, operatorExamples),
  objectKinds: [...prometheusOperatorKinds, ...fluxOperatorKinds],
  traits: [ciliumNetworkPolicy, externalSecret, httproute],
  lowering: [helmRule, ociRule],
});
