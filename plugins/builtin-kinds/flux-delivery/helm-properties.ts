import type { JsonObject, JsonValue } from 'kurel/plugin-api';

// The helm rule's properties as its schema types them, read by the rule and its helpers once the
// engine has checked them against that schema.

/** The fields of an inline GitRepository's ref, exactly one of which is set. */
export const GIT_REF_FIELDS = ['branch', 'tag', 'semver', 'name', 'commit'] as const;

/** Where the chart comes from: a reference to an existing source, or an inline one. */
export interface ChartSource {
  url?: string;
  kind?: string;
  name?: string;
  namespace?: string;
  ref?: Partial<Record<(typeof GIT_REF_FIELDS)[number], string>>;
  endpoint?: string;
  bucketName?: string;
  provider?: string;
  region?: string;
  prefix?: string;
}

export interface HelmProperties {
  chart?: string;
  version?: string;
  delivery?: 'flux' | 'template';
  source: ChartSource;
  values?: JsonObject;
  secretValues?: JsonObject;
  valuesMode?: 'inline' | 'configMap';
  valuesConfigMapName?: string;
  valuesSecretName?: string;
  interval?: string;
  releaseName?: string;
  helmReleaseName?: string;
  targetNamespace?: string;
  driftDetection?: JsonObject;
  install?: JsonObject;
  upgrade?: JsonObject;
  valuesFrom?: JsonObject[];
  scopeOverrides?: JsonValue;
  hookGroupNamePrefix?: string;
  layoutKustomizationName?: string;
}

/** A key of the helm properties. */
export type HelmKey = keyof HelmProperties;
