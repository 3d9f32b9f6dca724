import type { CapabilityBinding, HandlerContext } from '../context.js';
import { HandlerError, type PropertyPath } from '../errors.js';
import { componentLabelValue } from '../names.js';

export interface TestContextOptions {
  namespace?: string;
  domain?: string;
  clusterId?: string;
  /** Capability renderings by key, as a ClusterProfile would bind them. */
  capabilities?: Record<string, Record<string, unknown>>;
}

/** A handler context for tests: warnings are collected, refusals throw a HandlerError. */
export function createTestContext(options: TestContextOptions = {}): HandlerContext & { warnings: string[] } {
  const domain = options.domain ?? 'launcher.gokure.dev';
  const warnings: string[] = [];
  return {
    namespace: options.namespace ?? 'default',
    domain,
    componentLabelKey: `${domain}/component`,
    clusterId: options.clusterId ?? 'local',
    warnings,
    warn: (message: string) => void warnings.push(message),
    fail: (message: string, path: PropertyPath = []): never => {
      throw new HandlerError(message, path);
    },
    capability: (key: string): CapabilityBinding | undefined => {
      const rendering = options.capabilities?.[key];
      return rendering ? { key, rendering } : undefined;
    },
    labelValue: componentLabelValue,
  };
}
