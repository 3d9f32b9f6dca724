import { deepStrictEqual, fail as assertFail, match, strictEqual } from 'node:assert/strict';
import { build, type BuildResult } from '../engine/index.js';
import { loadBuiltinPlugins, sealRegistry } from '../host/index.js';
import { formatDiagnostic, formatPath, isKurelError, type Diagnostic, type K8sObject, type KurelErrorCode, type KurelPlugin, type Policy, type PropertyPath } from '../plugin-api/index.js';
import { NOOP_POLICY } from '../plugin-api/kit/index.js';
import { applicationText, type ComponentSpec, type PolicySpec, type TraitSpec } from './application.js';

/** What a refused case expects: each field given is compared with the CLI's first error. */
export interface ExpectedError {
  code?: KurelErrorCode;
  /** The diagnostic's message, as the CLI prints it after the place. */
  message?: string | RegExp;
  /** The property path the CLI prints, e.g. `spec.components[0].traits[0].properties.port`. */
  path?: string;
  /**
   * The path inside the properties of the handler under test, as the handler reports it
   * (`['ports', 0, 'port']`): the tester puts the case's place in front of it, so it is compared
   * with the CLI's path (`spec.components[0].properties.ports[0].port`).
   */
  property?: PropertyPath;
  /** The whole line the CLI prints after `Error: `, place included (`app.yaml:9:9 spec…: …`). */
  text?: string | RegExp;
  /** Of a refusal by the environment policy: its class (`RefusalClass`). */
  refusalClass?: string;
}

interface Expectations {
  title?: string;
  /** Every object the build emits, in order, exactly as the CLI emits them. */
  objects?: K8sObject[];
  /**
   * Objects the build emits among others, each compared whole with the emitted object of the same
   * apiVersion, kind, namespace and name: a trait's own objects without its component's.
   */
  contains?: K8sObject[];
  /** The kinds of the objects the build emits, in order (`['Deployment', 'Service']`). */
  kinds?: string[];
  /** `Kind/name` of the objects the build emits, in order (`['ConfigMap/db', 'ConfigMap/web']`). */
  names?: string[];
  /** The warnings' messages, in order. */
  warnings?: string[];
  error?: ExpectedError;
}

export interface ComponentCase extends Expectations {
  name?: string;
  properties?: ComponentSpec['properties'];
  traits?: TraitSpec[];
}

export interface TraitCase extends Expectations {
  properties?: TraitSpec['properties'];
  /** The component the trait is attached to. */
  component: Omit<ComponentSpec, 'traits'> & { traits?: TraitSpec[] };
}

export interface PolicyCase extends Expectations {
  /** The policy's name: `policy` when unset. */
  name?: string;
  properties?: PolicySpec['properties'];
  components: ComponentSpec[];
}

export interface HandlerTesterOptions {
  /** The ClusterProfile, as YAML; the CLI's default profile (no capability bound) when unset. */
  profile?: string;
  /** The environment policy's answers, as a config's `policy` gives them; the CLI's default for the rest. */
  policy?: Partial<Policy>;
  /** CapabilityDefinition documents, as YAML (`--capability-def`). */
  capabilityDefinitions?: string[];
  /** The Application's namespace: `default` when unset. */
  namespace?: string;
  /** The namespace Flux's objects go to (`fluxNamespace` of a config): beside the workloads when unset. */
  fluxNamespace?: string;
  /** The bodies the host would have fetched for the handlers' declared URLs, by URL (`ctx.fetched(url)`). */
  fetched?: Record<string, string>;
  /** The plugins the plugin under test runs beside: kurel's built-ins, loaded as the CLI loads them, when unset. */
  builtins?: KurelPlugin[];
}

/**
 * Runs a plugin's handlers through the build the CLI runs: each case becomes a one-component
 * Application, built by the engine on a registry of the plugin under test and the built-ins (a
 * built-in plugin of the same name is replaced by it), and its objects, warnings or refusal are
 * compared with the case. Framework-neutral: a mismatch throws an assertion error.
 */
export class HandlerTester {
  constructor(
    private readonly plugin: KurelPlugin,
    private readonly options: HandlerTesterOptions = {},
  ) {}

  /** Builds an Application of these components and policies as the CLI would. */
  async build(components: ComponentSpec[], policies: PolicySpec[] = []): Promise<BuildResult> {
    const builtins = this.options.builtins ?? (await loadBuiltinPlugins());
    const registry = sealRegistry([...builtins.filter((builtin) => builtin.meta.name !== this.plugin.meta.name), this.plugin]);
    const namespace = this.options.namespace ?? 'default';
    return build(
      {
        application: { file: 'app.yaml', text: applicationText(components, policies, namespace) },
        profile: this.options.profile === undefined ? undefined : { file: 'cluster.yaml', text: this.options.profile },
        capabilityDefinitions: (this.options.capabilityDefinitions ?? []).map((text, index) => ({ file: `definition-${index}.yaml`, text })),
        settings: {
          domain: 'launcher.gokure.dev',
          clusterId: 'local',
          policy: this.options.policy && ({ ...NOOP_POLICY, ...this.options.policy } as Policy),
          ...(this.options.fluxNamespace === undefined ? {} : { fluxNamespace: this.options.fluxNamespace }),
        },
        fetched: this.options.fetched,
      },
      registry,
    );
  }

  /** Component types and component lowering rules: the case's properties on one component of `type`. */
  async runComponent(type: string, cases: ComponentCase[]): Promise<void> {
    for (const testCase of cases) {
      await this.check(testCase.title ?? type, testCase, 'spec.components[0].properties', () => this.build([{ name: testCase.name, type, properties: testCase.properties, traits: testCase.traits }]));
    }
  }

  /** Trait types and trait lowering rules: the case's properties on a trait of `type`, after the component's own traits. */
  async runTrait(type: string, cases: TraitCase[]): Promise<void> {
    for (const testCase of cases) {
      const component = { ...testCase.component, traits: [...(testCase.component.traits ?? []), { type, properties: testCase.properties }] };
      await this.check(testCase.title ?? type, testCase, `spec.components[0].traits[${component.traits.length - 1}].properties`, () => this.build([component]));
    }
  }

  /** Lowering rules are authored as the type they lower: a component rule like a component, a trait rule like a trait. */
  async runLowering(position: 'component' | 'trait', type: string, cases: Array<ComponentCase | TraitCase>): Promise<void> {
    if (position === 'component') return this.runComponent(type, cases as ComponentCase[]);
    return this.runTrait(type, cases as TraitCase[]);
  }

  /** Policy types: the case's properties on one policy of `type` over the case's components. */
  async runPolicy(type: string, cases: PolicyCase[]): Promise<void> {
    for (const testCase of cases) {
      await this.check(testCase.title ?? type, testCase, 'spec.policies[0].properties', () => this.build(testCase.components, [{ name: testCase.name, type, properties: testCase.properties }]));
    }
  }

  private async check(title: string, expected: Expectations, place: string, run: () => Promise<BuildResult>): Promise<void> {
    let result: BuildResult;
    try {
      result = await run();
    } catch (error) {
      if (!isKurelError(error)) throw error;
      if (!expected.error) assertFail(`${title}: unexpected refusal: ${error.message}`);
      compareError(title, error.diagnostics[0], expected.error, place);
      return;
    }
    if (expected.error) assertFail(`${title}: expected a refusal, got ${result.objects.length} object(s)`);
    if (expected.objects) deepStrictEqual(result.objects, expected.objects, `${title}: objects`);
    for (const object of expected.contains ?? []) deepStrictEqual(result.objects.find((emitted) => sameObject(emitted, object)), object, `${title}: ${object.kind}/${object.metadata.name}`);
    if (expected.kinds) deepStrictEqual(result.objects.map((object) => object.kind), expected.kinds, `${title}: kinds`);
    if (expected.names) deepStrictEqual(result.objects.map((object) => `${object.kind}/${object.metadata.name}`), expected.names, `${title}: names`);
    if (expected.warnings) deepStrictEqual(result.warnings.map((warning) => warning.message), expected.warnings, `${title}: warnings`);
  }
}

function compareError(title: string, diagnostic: Diagnostic, expected: ExpectedError, place: string): void {
  if (expected.code !== undefined) strictEqual(diagnostic.code, expected.code, `${title}: code`);
  if (expected.path !== undefined) strictEqual(diagnostic.path, expected.path, `${title}: path`);
  if (expected.property !== undefined) strictEqual(diagnostic.path, propertyPlace(place, expected.property), `${title}: path`);
  if (expected.refusalClass !== undefined) strictEqual(diagnostic.refusalClass, expected.refusalClass, `${title}: refusal class`);
  compareText(title, 'message', diagnostic.message, expected.message);
  compareText(title, 'text', formatDiagnostic(diagnostic), expected.text);
}

function compareText(title: string, what: string, actual: string, expected: string | RegExp | undefined): void {
  if (expected instanceof RegExp) match(actual, expected, `${title}: ${what}`);
  else if (expected !== undefined) strictEqual(actual, expected, `${title}: ${what}`);
}

function propertyPlace(place: string, property: PropertyPath): string {
  const inside = formatPath(property);
  if (!inside) return place;
  return inside.startsWith('[') ? `${place}${inside}` : `${place}.${inside}`;
}

function sameObject(a: K8sObject, b: K8sObject): boolean {
  return a.apiVersion === b.apiVersion && a.kind === b.kind && a.metadata.name === b.metadata.name && a.metadata.namespace === b.metadata.namespace;
}
