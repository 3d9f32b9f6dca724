import { definePlugin } from 'kurel/plugin-api';
import { fluxcdPatches } from './fluxcd-patches.js';
import { fluxcdPostbuild } from './fluxcd-postbuild.js';
import { healthChecks } from './health-checks.js';
import { reconciliation } from './reconciliation.js';

// The handlers the reference leaves to the consumer that delivers through Flux. The host loads this
// plugin only for a layout that delivers through Flux (`--layout flux`); without one, the
// declarations of the other built-ins refuse these types with the reference's text.
export default definePlugin({
  meta: { name: 'kurel-builtin-delivery', version: '0.1.0', kurelApi: '^2.0.0' },
  policies: [reconciliation, healthChecks],
  traits: [fluxcdPatches, fluxcdPostbuild],
});
