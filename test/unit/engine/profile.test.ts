import { describe, expect, it } from 'vitest';
import { bindingKeyFor, DEFAULT_PROFILE_TEXT, parseProfile } from '../../../src/engine/documents/profile.js';
import { firstDiagnostic, source } from './support.js';

const HEAD = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: prod\n';

function profile(spec: string) {
  return parseProfile(source(`${HEAD}${spec}`, 'cluster.yaml'));
}

function failure(spec: string) {
  return firstDiagnostic(() => profile(spec));
}

describe('parseProfile', () => {
  it('reads bindings in file order with where their renderings are', () => {
    const parsed = profile('spec:\n  gitopsEngine: fluxcd\n  capabilities:\n    pvc:\n      rendering: {storageClassName: fast}\n    expose.internal:\n      rendering: {controllerType: gateway}\n');
    expect(parsed.name).toBe('prod');
    expect([...parsed.bindings.keys()]).toEqual(['pvc', 'expose.internal']);
    expect(parsed.bindings.get('pvc')).toEqual({ storageClassName: 'fast' });
    expect(parsed.paths.get('expose.internal')).toEqual(['spec', 'capabilities', 'expose.internal', 'rendering']);
  });

  it('accepts an empty profile, an empty binding and the embedded default', () => {
    expect(profile('spec: {}\n').bindings.size).toBe(0);
    expect(profile('spec:\n  capabilities:\n    pvc: {}\n').bindings.get('pvc')).toEqual({});
    expect(parseProfile(source(DEFAULT_PROFILE_TEXT, 'default')).bindings.size).toBe(0);
  });

  it('is strict at every level of its envelope', () => {
    expect(failure('spec: {}\nstatus: {}\n').message).toBe('unsupported field "status" (allowed: apiVersion, kind, metadata, spec)');
    expect(firstDiagnostic(() => parseProfile(source(HEAD.replace('  name: prod\n', '  name: prod\n  labels: {}\n'), 'cluster.yaml'))).message).toBe(
      'unsupported field "labels" (allowed: name)',
    );
    expect(failure('spec:\n  capability: {}\n').message).toBe('unsupported field "capability" (did you mean "capabilities"? allowed: apiResources, capabilities, gitopsEngine, kubeVersion)');
    const binding = failure('spec:\n  capabilities:\n    pvc:\n      values: {}\n');
    expect(binding.message).toBe('unsupported field "values" (allowed: rendering)');
    expect(binding.path).toBe('spec.capabilities.pvc.values');
    expect(binding.file).toBe('cluster.yaml');
  });

  it('checks kind, apiVersion and metadata.name', () => {
    expect(firstDiagnostic(() => parseProfile(source(HEAD.replace('ClusterProfile', 'Application'), 'cluster.yaml'))).message).toBe(
      'expected kind ClusterProfile, got "Application"',
    );
    expect(firstDiagnostic(() => parseProfile(source(HEAD.replace('  name: prod\n', '  name: Prod\n'), 'cluster.yaml'))).message).toBe(
      'metadata.name "Prod" is not a valid DNS-1123 subdomain',
    );
    expect(firstDiagnostic(() => parseProfile(source('apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nspec: {}\n', 'cluster.yaml'))).message).toBe(
      'metadata.name is required',
    );
  });

  it('accepts fluxcd or no gitopsEngine and refuses any other', () => {
    expect(profile('spec:\n  gitopsEngine: fluxcd\n').name).toBe('prod');
    const diagnostic = failure('spec:\n  gitopsEngine: argocd\n');
    expect(diagnostic.message).toBe('unsupported gitopsEngine "argocd"; supported values: fluxcd');
    expect(diagnostic.code).toBe('KUREL_PROFILE');
    expect(diagnostic.line).toBe(6);
  });

  it('keeps a null at the top level of a rendering and refuses one below it', () => {
    expect(profile('spec:\n  capabilities:\n    pvc:\n      rendering: {storageClassName: null}\n').bindings.get('pvc')).toEqual({ storageClassName: null });
    const diagnostic = failure('spec:\n  capabilities:\n    pvc:\n      rendering:\n        limits: {max: null}\n');
    expect(diagnostic.message.startsWith('capability "pvc" rendering key "limits": ')).toBe(true);
    expect(diagnostic.path).toBe('spec.capabilities.pvc.rendering.limits.max');
  });

  it('refuses a null list element in a rendering', () => {
    expect(failure('spec:\n  capabilities:\n    expose:\n      rendering:\n        hosts: [a, null]\n').message.startsWith('capability "expose" rendering key "hosts": ')).toBe(true);
  });

  it('refuses a rendering value that is no JSON number', () => {
    expect(failure('spec:\n  capabilities:\n    pvc:\n      rendering: {size: .inf}\n').message.startsWith('capability "pvc" rendering key "size": ')).toBe(true);
  });
});

describe('bindingKeyFor', () => {
  const parsed = profile('spec:\n  capabilities:\n    expose: {}\n    expose.internal: {}\n    pvc.fast: {}\n');

  it('prefers <type>.<scope>, then <type>', () => {
    expect(bindingKeyFor(parsed, 'expose', 'internal')).toBe('expose.internal');
    expect(bindingKeyFor(parsed, 'expose', 'public')).toBe('expose');
    expect(bindingKeyFor(parsed, 'expose', undefined)).toBe('expose');
    expect(bindingKeyFor(parsed, 'expose', '')).toBe('expose');
  });

  it('finds nothing for an unbound type, even when a scoped key of it exists', () => {
    expect(bindingKeyFor(parsed, 'pvc', undefined)).toBeUndefined();
    expect(bindingKeyFor(parsed, 'pvc', 'fast')).toBe('pvc.fast');
    expect(bindingKeyFor(parsed, 'certificate', 'x')).toBeUndefined();
  });
});
