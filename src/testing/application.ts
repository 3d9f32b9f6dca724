import { stringify } from 'yaml';
import type { Properties } from '../plugin-api/index.js';

/** A trait as a case writes it. */
export interface TraitSpec {
  type: string;
  properties?: Properties;
}

/** A component as a case writes it. */
export interface ComponentSpec {
  /** `web` when unset. */
  name?: string;
  type: string;
  properties?: Properties;
  traits?: TraitSpec[];
}

/** A policy as a case writes it. */
export interface PolicySpec {
  /** `policy` when unset. */
  name?: string;
  type: string;
  properties?: Properties;
}

/** The Application a case is built as: `app` in `namespace`, its components and policies as written. */
export function applicationText(components: ComponentSpec[], policies: PolicySpec[], namespace: string): string {
  const document = {
    apiVersion: 'launcher.gokure.dev/v1alpha1',
    kind: 'Application',
    metadata: { name: 'app', namespace },
    spec: {
      components: components.map((component) => ({
        name: component.name ?? 'web',
        type: component.type,
        ...(component.properties ? { properties: component.properties } : {}),
        ...(component.traits?.length ? { traits: component.traits.map((trait) => ({ type: trait.type, ...(trait.properties ? { properties: trait.properties } : {}) })) } : {}),
      })),
      ...(policies.length ? { policies: policies.map((policy) => ({ name: policy.name ?? 'policy', type: policy.type, ...(policy.properties ? { properties: policy.properties } : {}) })) } : {}),
    },
  };
  return stringify(document);
}
