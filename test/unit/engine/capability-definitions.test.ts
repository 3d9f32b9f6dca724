import { describe, expect, it } from 'vitest';
import { applyDefinition, loadCapabilityDefinitions } from '../../../src/engine/documents/capability-definitions.js';
import { firstDiagnostic } from './support.js';

const REDIS = `apiVersion: launcher.gokure.dev/v1alpha1
kind: CapabilityDefinition
metadata:
  name: redis-sidecar
spec:
  description: Injects a Redis sidecar.
  rendering:
    properties:
      image: {type: string, required: true, description: The image.}
      maxMemory: {type: string, required: false, default: "256Mi"}
      port: {type: integer, default: 6379}
      enabled: {type: boolean, default: true}
      anything: {}
`;

function load(...files: Array<[string, string]>) {
  return loadCapabilityDefinitions(files.map(([file, text]) => ({ file, text })));
}

function failure(...files: Array<[string, string]>) {
  return firstDiagnostic(() => load(...files));
}

describe('loadCapabilityDefinitions', () => {
  it('reads a definition into the flat schema vocabulary', () => {
    const definition = load(['redis.yaml', REDIS]).get('redis-sidecar');
    expect(definition?.description).toBe('Injects a Redis sidecar.');
    expect(definition?.file).toBe('redis.yaml');
    expect(definition?.rendering).toMatchObject({
      image: { type: 'string', required: true },
      maxMemory: { type: 'string', required: false, default: '256Mi' },
      port: { type: 'integer', default: 6379 },
      enabled: { type: 'boolean', default: true },
    });
    expect(definition?.rendering.anything.type).toBeUndefined();
  });

  it('skips documents of other kinds and reads every document of a file', () => {
    const other = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: x}\n';
    const second = REDIS.replace('redis-sidecar', 'audit');
    expect([...load(['all.yaml', `${other}---\n${REDIS}---\n${second}`]).keys()]).toEqual(['redis-sidecar', 'audit']);
  });

  it('de-duplicates identical definitions and refuses different ones of one name', () => {
    expect(load(['a.yaml', REDIS], ['b.yaml', REDIS]).size).toBe(1);
    const diagnostic = failure(['a.yaml', REDIS], ['b.yaml', REDIS.replace('6379', '6380')]);
    expect(diagnostic.message).toBe('conflicting CapabilityDefinition for "redis-sidecar": defined in "a.yaml" and "b.yaml"');
    expect(diagnostic.file).toBe('b.yaml');
  });

  it('accepts only the flat property types', () => {
    const diagnostic = failure(['d.yaml', REDIS.replace('port: {type: integer', 'port: {type: array')]);
    expect(diagnostic.message).toBe('capability definition file "d.yaml": property "port" has unsupported type "array" (accepted: string, integer, boolean)');
    expect(diagnostic.path).toBe('spec.rendering.properties.port.type');
  });

  it('refuses the rich schema fields at decode time', () => {
    for (const field of ['enum: [a]', 'properties: {}', 'items: {}', 'types: [string]']) {
      const diagnostic = failure(['d.yaml', REDIS.replace('anything: {}', `anything: {${field}}`)]);
      expect(diagnostic.message).toMatch(/^unsupported field "\w+" \((did you mean "type"\? )?allowed: default, description, required, type\)$/);
    }
  });

  it('is strict on the envelope', () => {
    expect(failure(['d.yaml', REDIS.replace('spec:\n', 'spec:\n  scope: x\n')]).message).toBe('unsupported field "scope" (allowed: description, rendering)');
    expect(failure(['d.yaml', REDIS.replace('metadata:\n  name: redis-sidecar\n', 'metadata: {}\n')]).message).toBe(
      'capability definition file "d.yaml": metadata.name is required',
    );
  });

  it('refuses another apiVersion with the reference text', () => {
    expect(failure(['d.yaml', REDIS.replace('launcher.gokure.dev/v1alpha1', 'launcher.gokure.dev/v1')]).message).toBe(
      'capability definition file "d.yaml": apiVersion must be "launcher.gokure.dev/v1alpha1", got "launcher.gokure.dev/v1"',
    );
  });

  it('type-checks a default against its own type', () => {
    expect(failure(['d.yaml', REDIS.replace('default: 6379', 'default: "6379"')]).message).toBe(
      'capability definition file "d.yaml": property "port" default value: expected a whole number, got a string',
    );
    expect(failure(['d.yaml', REDIS.replace('default: 6379', 'default: 1.5')]).message).toBe(
      'capability definition file "d.yaml": property "port" default value: expected a whole number, got 1.5',
    );
    expect(failure(['d.yaml', REDIS.replace('default: true', 'default: "yes"')]).message).toBe(
      'capability definition file "d.yaml": property "enabled" default value: expected true or false, got a string',
    );
  });
});

describe('applyDefinition', () => {
  const definition = load(['redis.yaml', REDIS]).get('redis-sidecar')!;

  it('fills defaults of optional keys and keeps given values', () => {
    expect(applyDefinition(definition, { image: 'redis:7', port: 7000, anything: [1] })).toEqual({
      value: { image: 'redis:7', maxMemory: '256Mi', port: 7000, enabled: true, anything: [1] },
    });
  });

  it('refuses a missing required key, even with a default', () => {
    const withDefault = load(['r.yaml', REDIS.replace('required: true,', 'required: true, default: "redis:7",')]).get('redis-sidecar')!;
    expect(applyDefinition(withDefault, {}).problem).toEqual({ message: 'required rendering property "image" is missing' });
    expect(applyDefinition(definition, { image: null }).problem?.message).toBe('required rendering property "image" is missing');
  });

  it('refuses an unknown key, naming it', () => {
    expect(applyDefinition(definition, { image: 'r:7', memory: '1Gi' }).problem).toEqual({ key: 'memory', message: 'unknown rendering property "memory"' });
  });

  it('type-checks the given values with the reference texts', () => {
    expect(applyDefinition(definition, { image: 7 }).problem?.message).toBe('rendering property "image": expected a string, got a number');
    expect(applyDefinition(definition, { image: 'r:7', port: 1.5 }).problem?.message).toBe('rendering property "port": expected a whole number, got 1.5');
    expect(applyDefinition(definition, { image: 'r:7', port: 'x' }).problem?.message).toBe('rendering property "port": expected a whole number, got a string');
    expect(applyDefinition(definition, { image: 'r:7', enabled: 'yes' }).problem?.message).toBe('rendering property "enabled": expected true or false, got a string');
  });
});
