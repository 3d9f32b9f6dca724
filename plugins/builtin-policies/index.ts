import { definePlugin } from 'kurel/plugin-api';
import { dependency } from './dependency.js';
import { healthChecks, reconciliation } from './delivery-declarations.js';
import { placement } from './placement.js';

export default definePlugin({
  meta: { name: 'kurel-builtin-policies', version: '0.1.0', kurelApi: '^2.0.0' },
  policies: [dependency, placement],
  declarations: { policies: [reconciliation, healthChecks] },
});
