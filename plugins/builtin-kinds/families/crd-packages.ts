import type { ComponentHandler } from 'kurel/plugin-api';
import { kinds as certManager } from './cert-manager.js';
import { kinds as gatewayApi } from './gateway-api.js';
import { kinds as prometheus } from './prometheus.js';

// The kinds of the CRD packages: Gateway API, cert-manager, Prometheus operator.
export const kinds: ComponentHandler<unknown>[] = [...gatewayApi, ...certManager, ...prometheus];
