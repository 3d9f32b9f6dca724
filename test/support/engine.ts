import { definePlugin, isKurelError, KUREL_API_VERSION, type Diagnostic, type K8sObject, type KurelPlugin } from 'kurel/plugin-api';
import { HandlerTester, type ComponentSpec, type HandlerTesterOptions, type PolicySpec } from 'kurel/plugin-api/testing';
import { stringify } from 'yaml';
import { SOURCE_BUILTINS } from './source-builtins.js';

// kurel's own tests drive the built-ins through the engine-backed HandlerTester, the way a plugin
// author drives theirs: these helpers only name the built-in plugin and read the build's answer.

const BUILTIN_NAMES = { components: 'kurel-builtin-components', kinds: 'kurel-builtin-kinds', traits: 'kurel-builtin-traits', policies: 'kurel-builtin-policies' } as const;

export interface BuiltinTesterOptions extends HandlerTesterOptions {
  /** Capability renderings by key: the tester builds against a ClusterProfile binding them. */
  capabilities?: Record<string, Record<string, unknown>>;
}

/** A HandlerTester over one of kurel's built-in plugins, run from source beside the others. */
export function builtinTester(room: keyof typeof BUILTIN_NAMES, options: BuiltinTesterOptions = {}): HandlerTester {
  const plugin = SOURCE_BUILTINS.find((candidate) => candidate.meta.name === BUILTIN_NAMES[room]) as KurelPlugin;
  const { capabilities, ...rest } = options;
  return new HandlerTester(plugin, { builtins: SOURCE_BUILTINS, ...(capabilities ? { profile: profileOf(capabilities) } : {}), ...rest });
}

/** A HandlerTester over a plugin of these handlers, as an organisation would write it, beside kurel's built-ins. */
export function pluginTester(handlers: Omit<KurelPlugin, 'meta'>, options: BuiltinTesterOptions = {}): HandlerTester {
  const plugin = definePlugin({ meta: { name: 'acme-test', version: '1.0.0', kurelApi: `^${KUREL_API_VERSION}` }, ...handlers });
  const { capabilities, ...rest } = options;
  return new HandlerTester(plugin, { builtins: SOURCE_BUILTINS, ...(capabilities ? { profile: profileOf(capabilities) } : {}), ...rest });
}

/** A ClusterProfile binding these capability renderings by key. */
export function profileOf(capabilities: Record<string, Record<string, unknown>>): string {
  const bound = Object.fromEntries(Object.entries(capabilities).map(([key, rendering]) => [key, { rendering }]));
  return stringify({ apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'ClusterProfile', metadata: { name: 'test' }, spec: { capabilities: bound } });
}

/** The objects and warning messages the CLI would emit for these components. */
export async function emitted(components: ComponentSpec[], options: BuiltinTesterOptions = {}, policies: PolicySpec[] = []): Promise<{ objects: K8sObject[]; warnings: string[] }> {
  const result = await builtinTester('components', options).build(components, policies);
  return { objects: result.objects, warnings: result.warnings.map((warning) => warning.message) };
}

/** The first error the CLI would print for these components; fails when the build succeeds. */
export async function refusalOf(components: ComponentSpec[], options: BuiltinTesterOptions = {}, policies: PolicySpec[] = []): Promise<Diagnostic> {
  try {
    await builtinTester('components', options).build(components, policies);
  } catch (error) {
    if (isKurelError(error)) return error.diagnostics[0];
    throw error;
  }
  throw new Error('expected a refusal, got a result');
}

/** The emitted object of this kind and name; fails when there is none. */
export function objectOf(objects: K8sObject[], kind: string, name?: string): K8sObject {
  const found = objects.find((object) => object.kind === kind && (name === undefined || object.metadata.name === name));
  if (!found) throw new Error(`no ${kind}${name ? `/${name}` : ''} among ${objects.map((object) => `${object.kind}/${object.metadata.name}`).join(', ')}`);
  return found;
}

/** The objects and warnings of one component of `type`, built as the CLI builds it. */
export async function rendered(tester: HandlerTester, type: string, name: string, properties: ComponentSpec['properties'], traits?: ComponentSpec['traits']): Promise<{ objects: K8sObject[]; warnings: string[] }> {
  const result = await tester.build([{ name, type, properties, traits }]);
  return { objects: result.objects, warnings: result.warnings.map((warning) => warning.message) };
}

/** The label the engine puts on every object of a component, its value the component's name. */
export const COMPONENT_LABEL = 'launcher.gokure.dev/component';

/** These objects as the engine emits them for component `name`: the component label added to each object's labels. */
export function labelled<T extends K8sObject>(name: string, objects: T[]): T[] {
  return objects.map((object) => ({ ...object, metadata: { ...object.metadata, labels: { ...object.metadata.labels, [COMPONENT_LABEL]: name } } }));
}

/**
 * What a component answers its traits, read the way a trait reads it: the service port as an
 * `ingress` rule's backend port, the ServiceAccount as an `rbac` binding's subject. A trait that
 * refuses the component (no port, no account to bind) reads no answer.
 */
export async function answersOf(type: string, name: string, properties: ComponentSpec['properties']): Promise<{ servicePort?: unknown; serviceAccountName?: unknown }> {
  const withTrait = async (trait: { type: string; properties: Record<string, unknown> }) => {
    try {
      return (await emitted([{ name, type, properties, traits: [trait] }])).objects;
    } catch (error) {
      if (isKurelError(error)) return [];
      throw error;
    }
  };
  const ingress = (await withTrait({ type: 'ingress', properties: { rules: [{ host: 'answers.example.com', paths: [{ path: '/' }] }] } })).find((object) => object.kind === 'Ingress') as
    | { spec: { rules: Array<{ http: { paths: Array<{ backend: { service: { port: unknown } } }> } }> } }
    | undefined;
  const binding = (await withTrait({ type: 'rbac', properties: { rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] } })).find((object) => object.kind === 'RoleBinding') as
    | { subjects: Array<{ name: string }> }
    | undefined;
  const servicePort = ingress?.spec.rules[0].http.paths[0].backend.service.port;
  // A component that answers no account gets one of its own name, which rbac binds.
  const serviceAccountName = binding && binding.subjects[0].name !== name ? binding.subjects[0].name : undefined;
  return { ...(servicePort ? { servicePort } : {}), ...(serviceAccountName ? { serviceAccountName } : {}) };
}

/**
 * The message the CLI prints for a refusal while lowering `element` (`component "web" (type
 * "webservice")`, `trait "expose" on component "web"`) of the test Application: the rule's own
 * message, then the lowering trail when there is one.
 */
export function loweringRefusal(element: string, message: string): RegExp {
  const escaped = `lowering ${element} in document "app" (kind "Application"): ${message}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}(\\n|$)`);
}
