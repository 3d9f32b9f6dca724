// The plugin contract: what a plugin declares (define*, the handler and rule types, the schema
// vocabulary), what it is handed (the context facade), how it refuses (the error catalogue) and
// the API version the host checks. Each name here is a promise kept for a major version; helpers
// built on it live in `kurel/plugin-kit` (./kit), which may grow without growing the contract.
export { KUREL_API_VERSION } from './version.js';
export type { SchemaType, PropertySchema, PropertiesSchema, ExclusiveGroup, GoEncoding } from './schema.js';
export type { PropertiesOf, ValueOf } from './schema-types.js';
export type { K8sObject, ObjectMeta, Properties, JsonValue, JsonObject } from './objects.js';
export type { ContractMetadata, LoweringTargets } from './contract-metadata.js';
export type { AuthoredComponent, AuthoredTrait, AuthoredPolicy, AuthoredDocument, DocumentInfo, DocumentMetadata } from './authored.js';
export type { ApiScope, ClusterApis, Negotiated } from './cluster-apis.js';
export type { CapabilityBinding, HandlerContext } from './context.js';
export type { LoweringContext, MemberNameSpec, Namer } from './lowering-context.js';
export type { ComponentAnswers } from './component-answers.js';
export type * from './handlers.js';
export { BUNDLE_DELIVERY_EXTENSION, type BundleDelivery } from './bundle-delivery.js';
export type { PostPolicyStep, PostPolicyInput } from './post-policy.js';
export type { ChartInput, ChartRequest, ChartSourceKind } from './charts.js';
export type { KurelPlugin, PluginMeta } from './plugin.js';
export { EACH, type MetadataHolder, type ObjectKindDeclaration, type ObjectLayout, type PodTemplatePlace } from './object-layout.js';
export type { NameRole, NameRoleInfo, NameRoleLookup, NameSyntax, NameRequest, NamingHook, NameSpec, NameChoice, ObjectClaim } from './name-roles.js';
export { RefusalClass, PolicyRefusal, type Policy, type ExplicitSecretPolicy, type ObjectKindPolicy, type GroupKind, type RefusalClassValue } from './policy.js';
export { HandlerError, isHandlerError, type PropertyPath } from './errors.js';
export { KurelError, isKurelError, formatDiagnostic, formatPath, type Diagnostic, type DiagnosticPlace } from './diagnostics.js';
export { ErrorCode, type KurelErrorName, type KurelErrorCode, type Severity } from './error-codes.js';
export { kurelErrors, factoryOf, catalogueCodes, type CodeFactory, type CataloguedDiagnostic, type KurelErrors } from './error-catalogue.js';
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
