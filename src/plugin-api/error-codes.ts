/** Whether a finding refuses the build or only informs. */
export type Severity = 'error' | 'warning';

/**
 * Every code kurel reports and what it means. Engine, host, commands and plugins make their
 * diagnostics through the factories below and nowhere else, so a code is stable, documented and
 * tested once.
 */
export const CATALOGUE = {
  yamlSyntax: { code: 'KUREL_YAML_SYNTAX', meaning: 'An input file is not well-formed YAML.' },
  envelope: { code: 'KUREL_ENVELOPE', meaning: 'A document\'s envelope (apiVersion, kind, metadata, the shape of spec) is not what kurel reads.' },
  invalidName: { code: 'KUREL_INVALID_NAME', meaning: 'A name or namespace is not a valid Kubernetes name, or is written twice.' },
  unknownType: { code: 'KUREL_UNKNOWN_TYPE', meaning: 'A component, trait or policy type that no plugin of the registry handles.' },
  property: { code: 'KUREL_PROPERTY', meaning: 'A property does not satisfy its type\'s schema.' },
  parameter: { code: 'KUREL_PARAMETER', meaning: 'A package parameter, value or --set flag is missing, mistyped or unknown.' },
  profile: { code: 'KUREL_PROFILE', meaning: 'The ClusterProfile is not one kurel can use.' },
  capability: { code: 'KUREL_CAPABILITY', meaning: 'A capability is missing from the ClusterProfile, or its CapabilityDefinition is broken.' },
  lowering: { code: 'KUREL_LOWERING', meaning: 'A lowering rule failed, emitted something invalid, or did not reach a fixpoint.' },
  noHandler: { code: 'KUREL_NO_HANDLER', meaning: 'An element remained after lowering with no handler to transform it.' },
  handler: { code: 'KUREL_HANDLER_REFUSED', meaning: 'A handler refused its element (`ctx.fail`).' },
  policyViolation: { code: 'KUREL_POLICY_VIOLATION', meaning: 'The environment policy refuses the element; the diagnostic carries the refusal class.' },
  reservedMetadataKey: { code: 'KUREL_RESERVED_METADATA_KEY', meaning: 'An authored label or annotation uses a key the platform reserves.' },
  traitNotSupported: { code: 'KUREL_TRAIT_NOT_SUPPORTED', meaning: 'A trait is attached to a component type it does not apply to.' },
  collision: { code: 'KUREL_COLLISION', meaning: 'Two producers claim the same object or name.' },
  componentLabel: { code: 'KUREL_COMPONENT_LABEL', meaning: 'The component label cannot be set as kurel needs it.' },
  networkPolicy: { code: 'KUREL_NETWORK_POLICY', meaning: 'A network peer or endpoint cannot be turned into a NetworkPolicy.' },
  unreadableObject: { code: 'KUREL_UNREADABLE_OBJECT', meaning: 'A generated object has a field of a shape kurel cannot read.' },
  output: { code: 'KUREL_OUTPUT', meaning: 'An output folder kurel may not replace (not its own, edited since, a link), or a write that failed.' },
  input: { code: 'KUREL_INPUT', meaning: 'An input file or folder cannot be read, or an output cannot be written.' },
  flag: { code: 'KUREL_FLAG', meaning: 'A command-line flag is missing, malformed or contradicts another.' },
  pluginLoad: { code: 'KUREL_PLUGIN_LOAD', meaning: 'A configured plugin cannot be resolved or imported.' },
  pluginContract: { code: 'KUREL_PLUGIN_CONTRACT', meaning: 'A plugin does not keep the plugin contract (shape, API version, handler definitions).' },
  duplicateType: { code: 'KUREL_DUPLICATE_TYPE', meaning: 'Two plugins register the same type, declaration or naming hook.' },
  registryIncomplete: { code: 'KUREL_REGISTRY_INCOMPLETE', meaning: 'A lowering rule targets a type no plugin registers.' },
  config: { code: 'KUREL_CONFIG', meaning: 'The kurel configuration file is invalid.' },
  environment: { code: 'KUREL_ENVIRONMENT', meaning: 'The EnvironmentSet cannot be read or resolved, or does not declare the environment asked for.' },
  inputLimit: { code: 'KUREL_INPUT_LIMIT', meaning: 'An input file is over one of the input limits (bytes, nesting, aliases, documents, components); the message names the `limits` key of the kurel config that raises it.' },
  pluginFault: { code: 'KUREL_PLUGIN_FAULT', meaning: 'A plugin function threw something other than a refusal through its context: a defect of that plugin, named with its version.' },
  internal: { code: 'KUREL_INTERNAL', meaning: 'A defect in kurel itself; `KUREL_DEBUG=1` shows where.' },
  helmMissing: { code: 'KUREL_HELM_MISSING', meaning: 'A chart is rendered at build time, and no helm binary of version 3.8 or later was found.' },
  chartNotCached: { code: 'KUREL_CHART_NOT_CACHED', meaning: 'Under --offline, a chart rendered at build time is not in the chart cache.' },
  chartPull: { code: 'KUREL_CHART_PULL', meaning: 'helm could not pull a chart rendered at build time.' },
  chartLocal: { code: 'KUREL_CHART_LOCAL', meaning: 'A local chart that source.url names (a folder or .tgz on disk) is missing, is no chart, or is not the version asked for.' },
  chartRender: { code: 'KUREL_CHART_RENDER', meaning: 'helm could not render a chart at build time.' },
  apiNotServed: { code: 'KUREL_API_NOT_SERVED', meaning: "An object's apiVersion or kind is not among the API resources the ClusterProfile says the cluster serves." },
  warning: { code: 'KUREL_WARNING', meaning: 'Something the build went on past but the author should know about.', severity: 'warning' },
} as const satisfies Record<string, { code: `KUREL_${string}`; meaning: string; severity?: Severity }>;

export type Catalogue = typeof CATALOGUE;
export type KurelErrorName = keyof Catalogue;
export type KurelErrorCode = Catalogue[KurelErrorName]['code'];

/** Each code by its name: `ErrorCode.property === 'KUREL_PROPERTY'`. */
export const ErrorCode = Object.freeze(Object.fromEntries(Object.entries(CATALOGUE).map(([name, entry]) => [name, entry.code]))) as {
  readonly [Name in KurelErrorName]: Catalogue[Name]['code'];
};
