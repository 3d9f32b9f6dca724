// Helpers built on the plugin contract (`kurel/plugin-api`): what the built-ins share, for any
// plugin to use too. A helper here is a convenience, not a promise of the contract: it imports
// the contract, and the contract never imports it.
export { defineKind, type KindDefinition } from './kind.js';
export { afterPolicy } from './after-policy.js';
/** Constructors for `PropertySchema`s: `schemaBuilders.str('The image.', { required: true })`. */
export * as schemaBuilders from './schema-builders.js';
export { exclusiveGroups } from './exclusive-groups.js';
export { validateProperties, checkEnumMembersHoldNoNull, goTypeName, isPlainObject, type SchemaIssue, type ValidateOptions, type ValidateResult } from './validate.js';
export { allowedOrClosest, closestAndAllowed, closestNames, didYouMean } from './suggest.js';
export { describeValue, typeWords } from './value-words.js';
export { fieldOf, type WrittenMap } from './written-fields.js';
export { copyData } from './copy-data.js';
export { writeAtPath } from './render-reserved.js';
export { UNDECLARED_CLUSTER } from './undeclared-cluster.js';
export { CLAIM_HINTS } from './claim-hints.js';
export { NOOP_POLICY, POLICY_ACCESSORS, OPTIONAL_POLICY_ACCESSORS, explicitSecretsAllowed, objectKindPolicy } from './policy-accessors.js';
export { refusalClasses, refusalClassOf } from './refusal-classes.js';
export { apiGroupOf, declaresLayout } from './object-layout.js';
export { shortenName, shortenNameWithSuffix, componentLabelValue, isDns1123Label, isDns1123Subdomain, isDns1035Label } from './names.js';
export {
  ENGINE_NAME_ROLES,
  nameRoleLookup,
  nameRoleInfo,
  nameRoleProblem,
  dns1123SubdomainErrors,
  dns1035LabelErrors,
  chooseName,
  propertyPath,
  qualifiedKind,
  sharedNameUnhooked,
} from './name-roles.js';
export { podTemplatesOf, type PodTemplateRef, type PodSpecFields, type PodContainer, type PodTemplateMetadata } from './pod-templates.js';
export {
  encodeGo,
  goAlways,
  GO_DURATION,
  GO_KEEP_EMPTY,
  GO_OMIT_ZERO,
  GO_STRUCT,
  GO_TIME,
  isQuantitySchema,
  normaliseGoTime,
  dottedPath,
} from './go-encoding.js';
export {
  OBJECT_METADATA_PROPERTIES,
  componentProperties,
  takeObjectMetadata,
  applyObjectMetadata,
  qualifiedNameProblem,
  labelValueProblem,
  type ObjectMetadata,
  type MetadataProblem,
} from './object-metadata.js';
export { aliasTargets, linkAliases, resolveAliasesFrom, type AliasTarget } from './yaml-aliases.js';
export { hasRepeatedKey, readYamlDocuments } from './yaml-documents.js';
export { canonicalQuantity, compareQuantities, isQuantity } from './policy-checks/quantity.js';
export { enforceMaxReplicas, enforceMaxQuantity, enforceMaxStorage, withPolicyDefault } from './policy-checks/limits.js';
export { enforcePodPolicy, enforceWrittenPodSpec, registryHost, type PodPaths, type PolicedContainer } from './policy-checks/pod-policy.js';
export { checkImageRef } from './policy-checks/image-ref.js';
export { enforceCarriedObjectPolicy, type CarriedObjectPlace } from './policy-checks/carried-objects.js';
export { enforceAllowedRegistry, locationHost } from './policy-checks/registries.js';
export { parseGoDuration, formatGoDuration, normaliseGoDuration, normaliseFluxDuration } from './go-duration.js';
export { checkSchedule, checkTimeZone } from './cron-schedule.js';
export { refuseExplicitSecret, refuseCarriedSecrets } from './secret-policy.js';
export { DELIVERY_REASON } from './delivery-reason.js';
export { HEALTH_CHECKS_EXAMPLE, HEALTH_CHECKS_PROPERTIES, RECONCILIATION_EXAMPLE, RECONCILIATION_PROPERTIES } from './delivery-properties.js';
export { buildConfigMap, buildSecret, configMapContentSchema, secretContentSchema, type ConfigMapContent, type SecretContent } from './config-objects.js';
export {
  trafficSourcesSchema,
  routingCommonSchema,
  routeObjectName,
  defaultBackend,
  checkImplicitBackend,
  checkHostnames,
  mergeAnnotations,
  routeAnswer,
  type DefaultBackend,
} from './routing-traits.js';
