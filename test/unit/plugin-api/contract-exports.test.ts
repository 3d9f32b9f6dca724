import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contract from '../../../src/plugin-api/index.js';
import * as kit from '../../../src/plugin-api/kit/index.js';

// Every name `kurel/plugin-api` exports is a promise to plugin authors for a major version of the
// plugin API. The list is written out here so that a name added by accident fails, and a name
// added on purpose is added here too, with the thought that goes with it. Helpers belong to
// `kurel/plugin-kit`.

const VALUES = [
  'BUNDLE_DELIVERY_EXTENSION',
  'EACH',
  'ErrorCode',
  'HandlerError',
  'KUREL_API_VERSION',
  'KurelError',
  'PolicyRefusal',
  'RefusalClass',
  'catalogueCodes',
  'defineComponent',
  'defineComponentLowering',
  'defineDeclaration',
  'defineDocumentLowering',
  'definePlugin',
  'definePolicy',
  'definePolicyLowering',
  'defineRawDocumentLowering',
  'defineTrait',
  'defineTraitLowering',
  'factoryOf',
  'formatDiagnostic',
  'formatPath',
  'isHandlerError',
  'isKurelError',
  'kurelErrors',
];

const TYPES = [
  // The schema vocabulary, and the types read from it.
  'SchemaType', 'PropertySchema', 'PropertiesSchema', 'ExclusiveGroup', 'GoEncoding', 'PropertiesOf', 'ValueOf',
  // Objects and authored elements.
  'K8sObject', 'ObjectMeta', 'Properties', 'JsonValue', 'JsonObject',
  'AuthoredComponent', 'AuthoredTrait', 'AuthoredPolicy', 'AuthoredDocument', 'DocumentInfo', 'DocumentMetadata',
  // The context facade and what it answers.
  'HandlerContext', 'LoweringContext', 'CapabilityBinding', 'MemberNameSpec', 'Namer', 'ApiScope', 'ClusterApis', 'Negotiated',
  'Policy', 'ExplicitSecretPolicy', 'ObjectKindPolicy', 'GroupKind', 'RefusalClassValue',
  'NameRole', 'NameRoleInfo', 'NameRoleLookup', 'NameSyntax', 'NameRequest', 'NamingHook', 'NameSpec', 'NameChoice', 'ObjectClaim',
  // Handlers, rules and plugins.
  'KurelPlugin', 'PluginMeta', 'ContractMetadata', 'LoweringTargets',
  'ComponentHandler', 'ComponentInput', 'ComponentRendering', 'ComponentAnswers', 'ComponentObject', 'ObjectScope', 'ComponentView',
  'Endpoint', 'EndpointInput', 'EndpointProvider', 'NetworkPort', 'LabelSelector', 'NamedInput',
  'RenderedChart', 'RenderedObjectRef', 'HookGroup', 'ChartInput', 'ChartRequest', 'ChartSourceKind',
  'TraitHandler', 'TraitInput', 'TraitRendering', 'CapabilitySpec', 'DeliveryIntent', 'RouteAnswer', 'RoutedBackend', 'TrafficSource',
  'PolicyHandler', 'PolicyInput', 'PolicyRendering', 'TypeDeclaration',
  'LoweringRule', 'LoweringPosition', 'LoweringResult', 'WithProperties',
  'RawDocumentLoweringRule', 'DocumentLoweringRule', 'ComponentLoweringRule', 'TraitLoweringRule', 'PolicyLoweringRule',
  'PostPolicyStep', 'PostPolicyInput',
  // What a delivering layout's handlers hand the layout writers (plugin API 2.1).
  'BundleDelivery',
  'ObjectLayout', 'ObjectKindDeclaration', 'PodTemplatePlace', 'MetadataHolder',
  // Errors and diagnostics.
  'PropertyPath', 'Diagnostic', 'DiagnosticPlace', 'Severity', 'KurelErrorName', 'KurelErrorCode', 'KurelErrors', 'CodeFactory', 'CataloguedDiagnostic',
];

/** Every name a module exports, types included, as the compiler reads it. */
function exportedNames(file: string): string[] {
  const path = fileURLToPath(new URL(file, import.meta.url));
  const program = ts.createProgram([path], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(path)!)!;
  return checker.getExportsOfModule(symbol).map((exported) => exported.name).sort();
}

describe('kurel/plugin-api', () => {
  it('exports the contract and nothing else', () => {
    expect(exportedNames('../../../src/plugin-api/index.ts')).toEqual([...VALUES, ...TYPES].sort());
  });

  it('holds these values at run time', () => {
    expect(Object.keys(contract).sort()).toEqual([...VALUES].sort());
  });

  it('shares no name with kurel/plugin-kit: a name is either a promise or a helper', () => {
    expect(Object.keys(kit).filter((name) => name in contract)).toEqual([]);
  });
});
