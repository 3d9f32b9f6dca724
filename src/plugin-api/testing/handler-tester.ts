import { deepStrictEqual, fail as assertFail, match, strictEqual } from 'node:assert/strict';
import type { ComponentAnswers, ComponentHandler, ComponentRendering, TraitHandler } from '../handlers.js';
import { isHandlerError, type PropertyPath } from '../errors.js';
import type { K8sObject, Properties } from '../objects.js';
import { validateProperties } from '../validate.js';
import { refusalClassOf } from '../policy.js';
import { ErrorCode } from '../error-catalogue.js';
import { componentLabelValue } from '../names.js';
import { qualifiedKind } from '../name-roles.js';
import { applyObjectMetadata, componentProperties, takeObjectMetadata, type ObjectMetadata } from '../object-metadata.js';
import { createTestContext, type TestContextOptions } from './test-context.js';

export interface ExpectedError {
  code?: string;
  message?: string | RegExp;
  path?: PropertyPath;
  /** Of a refusal by the environment policy: its class (`RefusalClass`). */
  refusalClass?: string;
}

export interface ComponentCase {
  title?: string;
  name?: string;
  properties: Properties;
  objects?: K8sObject[];
  error?: ExpectedError;
}

export interface TraitCase {
  title?: string;
  properties: Properties;
  /** The component the trait is applied to. */
  component: { name: string; type: string; objects: K8sObject[]; answers?: ComponentAnswers };
  /** The component's objects after the trait ran. */
  componentObjects?: K8sObject[];
  /** The trait's own sub-application objects. */
  objects?: K8sObject[];
  error?: ExpectedError;
}

/** A refusal found by the schema: the same check the engine makes before a handler runs. */
class SchemaRefusal extends Error {
  constructor(
    message: string,
    readonly path: PropertyPath,
  ) {
    super(message);
  }
}

/**
 * Runs a handler the way the engine does (schema check with defaults, then the handler) and
 * compares the result with the expected objects or the expected refusal. Framework-neutral: it
 * throws an assertion error on a mismatch, so it works inside any test runner.
 */
export class HandlerTester {
  constructor(private readonly options: TestContextOptions = {}) {}

  /** Renders a component as the engine does, object metadata (`objectName`, `labels`, `annotations`) included. */
  renderComponent(handler: ComponentHandler<any>, name: string, properties: Properties): ComponentRendering {
    const ctx = createTestContext(this.options);
    const labelValue = componentLabelValue(name);
    let checked = this.check(componentProperties(handler), properties, handler.additionalProperties, handler.hints);
    let metadata: ObjectMetadata | undefined;
    if (handler.object) {
      const taken = takeObjectMetadata(checked, { labelValue, componentLabelKey: ctx.componentLabelKey });
      if (taken.problems.length > 0) throw new SchemaRefusal(taken.problems[0].message, taken.problems[0].path);
      checked = taken.rest;
      metadata = taken.metadata;
    }
    const objectName = handler.object
      ? ctx.resolveName({ role: 'object', kind: qualifiedKind(handler.object.apiVersion, handler.object.kind), default: name, authored: metadata?.objectName, property: 'properties.objectName' })
      : name;
    const rendering = handler.render({ name, objectName, namespace: ctx.namespace, labelValue, properties: checked, annotations: {} }, ctx);
    if (handler.object && metadata) {
      const problems = applyObjectMetadata(rendering.objects, handler.object, objectName, metadata);
      if (problems.length > 0) throw new SchemaRefusal(problems[0].message, problems[0].path);
    }
    return rendering;
  }

  applyTrait(handler: TraitHandler<any>, testCase: Omit<TraitCase, 'componentObjects' | 'objects' | 'error'>): { componentObjects: K8sObject[]; objects: K8sObject[] } {
    const ctx = createTestContext(this.options);
    const rendering = ctx.capability(handler.type)?.rendering ?? {};
    const checked = this.check(handler.properties, { ...rendering, ...testCase.properties });
    const component = structuredClone(testCase.component);
    const view = {
      name: component.name,
      type: component.type,
      namespace: ctx.namespace,
      labelValue: componentLabelValue(component.name),
      objects: component.objects,
      answers: component.answers ?? {},
    };
    const result = handler.apply({ properties: checked, component: view }, ctx);
    return { componentObjects: view.objects, objects: result?.objects ?? [] };
  }

  runComponent(handler: ComponentHandler<any>, cases: ComponentCase[]): void {
    for (const testCase of cases) {
      const outcome = attempt(() => this.renderComponent(handler, testCase.name ?? 'test', testCase.properties));
      this.compare(testCase.title ?? handler.type, outcome, testCase.error, (rendering) => {
        if (testCase.objects) deepStrictEqual(rendering.objects, testCase.objects);
      });
    }
  }

  runTrait(handler: TraitHandler<any>, cases: TraitCase[]): void {
    for (const testCase of cases) {
      const outcome = attempt(() => this.applyTrait(handler, testCase));
      this.compare(testCase.title ?? handler.type, outcome, testCase.error, (result) => {
        if (testCase.objects) deepStrictEqual(result.objects, testCase.objects);
        if (testCase.componentObjects) deepStrictEqual(result.componentObjects, testCase.componentObjects);
      });
    }
  }

  private check(schema: ComponentHandler['properties'], properties: Properties, additionalProperties?: boolean, hints?: Record<string, string>): Properties {
    const { value, issues } = validateProperties(schema, properties, { topLevelRequired: true, applyDefaults: true, additionalProperties, hints });
    if (issues.length > 0) throw new SchemaRefusal(issues[0].message, issues[0].path);
    return value;
  }

  private compare<T>(title: string, outcome: Outcome<T>, expected: ExpectedError | undefined, onValue: (value: T) => void): void {
    if (!expected) {
      if (!outcome.ok) assertFail(`${title}: unexpected refusal: ${(outcome.error as Error).message}`);
      onValue(outcome.value);
      return;
    }
    if (outcome.ok) assertFail(`${title}: expected a refusal, got a result`);
    const error = outcome.error as Error & { path?: PropertyPath; code?: string };
    if (!isHandlerError(error) && !(error instanceof SchemaRefusal)) throw error;
    if (expected.message instanceof RegExp) match(error.message, expected.message);
    else if (expected.message !== undefined) strictEqual(error.message, expected.message);
    if (expected.path) deepStrictEqual([...(error.path ?? [])], [...expected.path]);
    if (expected.refusalClass !== undefined) strictEqual(refusalClassOf(error), expected.refusalClass);
    if (expected.code) strictEqual(isHandlerError(error) ? error.code : ErrorCode.property, expected.code);
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

function attempt<T>(fn: () => T): Outcome<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error };
  }
}
