import type { Properties } from '../../plugin-api/index.js';

/** The only apiVersion kurel documents use. */
export const SUPPORTED_API_VERSION = 'launcher.gokure.dev/v1alpha1';

export interface ParsedTrait {
  type: string;
  properties: Properties;
  /** Where the trait is in the authored file. */
  path: (string | number)[];
}

export interface ParsedComponent {
  name: string;
  type: string;
  properties: Properties;
  annotations: Record<string, string>;
  traits: ParsedTrait[];
  path: (string | number)[];
}

export interface ParsedPolicy {
  name: string;
  type: string;
  properties: Properties;
  path: (string | number)[];
}

export interface ParsedApplication {
  name: string;
  namespace?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  components: ParsedComponent[];
  policies: ParsedPolicy[];
}
