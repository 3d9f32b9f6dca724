import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { parse } from 'yaml';

// Argo CD's own Application CRD (test/third-party/argocd/SOURCE.md), as ajv validates with it.

type Schema = Record<string, unknown>;

/**
 * The API server drops a field its structural schema does not declare, so a misspelt key would be
 * lost without a word: here every object schema that declares its properties and keeps no unknown
 * fields is closed, so that such a key fails the test instead.
 */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node as Schema).map(([key, value]) => [key, key === 'properties' ? Object.fromEntries(Object.entries(value as Schema).map(([name, child]) => [name, closed(child)])) : closed(value)]));
  if (schema.properties && schema['x-kubernetes-preserve-unknown-fields'] !== true && schema.additionalProperties === undefined) schema.additionalProperties = false;
  return schema;
}

let validator: ValidateFunction | undefined;

function applicationValidator(): ValidateFunction {
  if (validator) return validator;
  const crd = parse(readFileSync(fileURLToPath(new URL('../third-party/argocd/application-crd.yaml', import.meta.url)), 'utf8'));
  const version = crd.spec.versions.find((entry: { name: string }) => entry.name === 'v1alpha1');
  const ajv = new Ajv({ strict: false, allErrors: true, formats: { int64: true, int32: true } });
  addFormats.default(ajv);
  validator = ajv.compile(closed(version.schema.openAPIV3Schema) as Schema);
  return validator;
}

/** Errors of one Application against the CRD, and of its metadata against what the API server checks of every object. */
export function applicationErrors(object: unknown): string[] {
  const validate = applicationValidator();
  const errors = validate(object) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  const { apiVersion, kind, metadata } = object as { apiVersion: string; kind: string; metadata: { name?: unknown; namespace?: unknown; annotations?: Record<string, unknown> } };
  if (apiVersion !== 'argoproj.io/v1alpha1' || kind !== 'Application') errors.push(`not an Application: ${apiVersion} ${kind}`);
  if (typeof metadata?.name !== 'string' || !/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(metadata.name) || metadata.name.length > 253) errors.push(`/metadata/name ${String(metadata?.name)}`);
  if (typeof metadata?.namespace !== 'string') errors.push('/metadata/namespace missing');
  for (const [key, value] of Object.entries(metadata?.annotations ?? {})) if (typeof value !== 'string') errors.push(`/metadata/annotations/${key} is not a string`);
  return errors;
}

export function expectValidApplication(object: unknown): void {
  expect(applicationErrors(object), JSON.stringify(object)).toEqual([]);
}
