import { definePlugin } from 'kurel/plugin-api';
import { certificate } from './certificate.js';
import { configmap } from './configmap.js';
import { fluxcdPatches, fluxcdPostbuild } from './delivery-declarations.js';
import { expose } from './expose.js';
import { forceReplace } from './force-replace.js';
import { ingress } from './ingress.js';
import { networkpolicy } from './networkpolicy.js';
import { pruneProtection } from './prune-protection.js';
import { pvc } from './pvc.js';
import { rbac } from './rbac.js';
import { scaler } from './scaler.js';
import { secret } from './secret.js';
import { securityContext } from './security-context.js';
import { topologySpread } from './topology-spread.js';
import { volsync } from './volsync.js';

export default definePlugin({
  meta: { name: 'kurel-builtin-traits', version: '0.1.0', kurelApi: '^2.0.0' },
  traits: [scaler, configmap, secret, pvc, topologySpread, networkpolicy, certificate, ingress, rbac, securityContext, volsync, pruneProtection, forceReplace],
  lowering: [expose],
  declarations: { traits: [fluxcdPatches, fluxcdPostbuild] },
});
