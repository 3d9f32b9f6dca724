import { definePlugin } from 'kurel/plugin-api';
import { fluxTraitsRefusedUnder } from './flux-only.js';
import { healthChecks } from './health-checks.js';
import { reconciliation } from './reconciliation.js';

// The delivery handlers of a layout that delivers through Argo CD: the two policies hand every
// bundle their settings as they do under Flux; the Flux traits are refused naming the layout.
export default definePlugin({
  meta: { name: 'kurel-builtin-delivery-argocd', version: '0.1.0', kurelApi: '^2.0.0' },
  policies: [reconciliation, healthChecks],
  traits: fluxTraitsRefusedUnder('argocd'),
});
