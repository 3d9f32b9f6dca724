import { KurelError, type Diagnostic } from './diagnostics.js';

/**
 * The catalogue of stable error codes. Tests assert these codes; messages keep the reference's
 * texts where it quotes them.
 */
export const ErrorCode = {
  yamlSyntax: 'KUREL_YAML_SYNTAX',
  envelope: 'KUREL_ENVELOPE',
  invalidName: 'KUREL_INVALID_NAME',
  unknownType: 'KUREL_UNKNOWN_TYPE',
  property: 'KUREL_PROPERTY',
  parameter: 'KUREL_PARAMETER',
  profile: 'KUREL_PROFILE',
  capability: 'KUREL_CAPABILITY',
  lowering: 'KUREL_LOWERING',
  noHandler: 'KUREL_NO_HANDLER',
  handler: 'KUREL_HANDLER_REFUSED',
  policyViolation: 'KUREL_POLICY_VIOLATION',
  reservedMetadataKey: 'KUREL_RESERVED_METADATA_KEY',
  traitNotSupported: 'KUREL_TRAIT_NOT_SUPPORTED',
  collision: 'KUREL_COLLISION',
  componentLabel: 'KUREL_COMPONENT_LABEL',
  networkPolicy: 'KUREL_NETWORK_POLICY',
  unreadableObject: 'KUREL_UNREADABLE_OBJECT',
  input: 'KUREL_INPUT',
  output: 'KUREL_OUTPUT',
  flag: 'KUREL_FLAG',
  pluginLoad: 'KUREL_PLUGIN_LOAD',
  pluginContract: 'KUREL_PLUGIN_CONTRACT',
  duplicateType: 'KUREL_DUPLICATE_TYPE',
  registryIncomplete: 'KUREL_REGISTRY_INCOMPLETE',
  config: 'KUREL_CONFIG',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The one factory every refusal goes through. */
export function refuse(code: ErrorCodeValue, message: string, where: Omit<Diagnostic, 'code' | 'severity' | 'message'> = {}): KurelError {
  return new KurelError([{ code, severity: 'error', message, ...where }]);
}

export function errorDiagnostic(code: ErrorCodeValue, message: string, where: Omit<Diagnostic, 'code' | 'severity' | 'message'> = {}): Diagnostic {
  return { code, severity: 'error', message, ...where };
}
