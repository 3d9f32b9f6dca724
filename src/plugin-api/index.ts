export { KUREL_API_VERSION } from './version.js';
export type { SchemaType, PropertySchema, PropertiesSchema, ExclusiveGroup } from './schema.js';
export { exclusiveGroups } from './schema.js';
export type { PropertiesOf, ValueOf } from './schema-types.js';
export type { K8sObject, ObjectMeta, Properties, JsonValue, JsonObject } from './objects.js';
export type { ContractMetadata, LoweringTargets } from './contract-metadata.js';
export type { AuthoredComponent, AuthoredTrait, AuthoredPolicy, AuthoredDocument, DocumentInfo, DocumentMetadata } from './authored.js';
export { UNDECLARED_CLUSTER, type ApiScope, type ClusterApis, type Negotiated } from './cluster-apis.js';
export type { CapabilityBinding, HandlerContext, LoweringContext, MemberNameSpec, Namer } from './context.js';
export type * from './handlers.js';
export type { ChartInput, ChartRequest, ChartSourceKind } from './charts.js';
export type { KurelPlugin, PluginMeta } from './plugin.js';
export { HandlerError, isHandlerError, type PropertyPath } from './errors.js';
export { KurelError, isKurelError, formatDiagnostic, formatPath, type Diagnostic, type DiagnosticPlace, type Severity } from './diagnostics.js';
export {
  kurelErrors,
  ErrorCode,
  factoryOf,
  catalogueCodes,
  type CodeFactory,
  type CataloguedDiagnostic,
  type KurelErrors,
  type KurelErrorName,
  type KurelErrorCode,
} from './error-catalogue.js';
export {
  NOOP_POLICY,
  POLICY_ACCESSORS,
  OPTIONAL_POLICY_ACCESSORS,
  RefusalClass,
  PolicyRefusal,
  refusalClasses,
  refusalClassOf,
  explicitSecretsAllowed,
  objectKindPolicy,
  type Policy,
  type ExplicitSecretPolicy,
  type ObjectKindPolicy,
  type GroupKind,
  type RefusalClassValue,
} from './policy.js';
export {
  definePlugin,
  defineComponent,
  defineTrait,
  definePolicy,
  defineComponentLowering,
  defineTraitLowering,
  definePolicyLowering,
  defineDocumentLowering,
  defineRawDocumentLowering,
  defineDeclaration,
} from './define.js';
export { allowedOrClosest, closestNames, didYouMean } from './suggest.js';
export { validateProperties, checkEnumMembersHoldNoNull, goTypeName, isPlainObject, type SchemaIssue, type ValidateOptions, type ValidateResult } from './validate.js';
export { fieldOf, type WrittenMap } from './written-fields.js';
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
  type NameRole,
  type NameRoleInfo,
  type NameRoleLookup,
  type NameSyntax,
  type NameRequest,
  type NamingHook,
  type NameSpec,
  type NameChoice,
  type ObjectClaim,
} from './name-roles.js';
export { writeAtPath } from './render-reserved.js';
export { copyData } from './copy-data.js';
export { afterPolicy, type PostPolicyStep, type PostPolicyInput } from './post-policy.js';
export { podTemplatesOf, type PodTemplateRef, type PodSpecFields, type PodContainer, type PodTemplateMetadata } from './pod-templates.js';
export { EACH, apiGroupOf, declaresLayout, type MetadataHolder, type ObjectKindDeclaration, type ObjectLayout, type PodTemplatePlace } from './object-layout.js';
export { defineKind, type KindDefinition } from './kind.js';
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
  type GoEncoding,
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
export { describeValue, typeWords } from './value-words.js';
export { aliasTargets, linkAliases, resolveAliasesFrom, type AliasTarget } from './yaml-aliases.js';
export { hasRepeatedKey, readYamlDocuments } from './yaml-documents.js';
export { canonicalQuantity, compareQuantities, isQuantity } from './policy-checks/quantity.js';
export { enforceMaxReplicas, enforceMaxQuantity, enforceMaxStorage, withPolicyDefault } from './policy-checks/limits.js';
export { enforcePodPolicy, enforceWrittenPodSpec, registryHost, type PodPaths, type PolicedContainer } from './policy-checks/pod-policy.js';
export { checkImageRef } from './policy-checks/image-ref.js';
export { enforceCarriedObjectPolicy, type CarriedObjectPlace } from './policy-checks/carried-objects.js';
/** Constructors for `PropertySchema`s: `schemaBuilders.str('The image.', { required: true })`. */
export * as schemaBuilders from './schema-builders.js';
export { parseGoDuration, formatGoDuration, normaliseGoDuration } from './go-duration.js';
export { checkSchedule, checkTimeZone } from './cron-schedule.js';
export { refuseExplicitSecret, refuseCarriedSecrets } from './secret-policy.js';
export { DELIVERY_REASON } from './delivery-reason.js';
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
export { enforceAllowedRegistry, locationHost } from './policy-checks/registries.js';
