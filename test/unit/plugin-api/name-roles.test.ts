import { describe, expect, it } from 'vitest';
import { chooseName, ENGINE_NAME_ROLES, nameRoleInfo, nameRoleLookup, nameRoleProblem as problemOf, propertyPath, qualifiedKind } from '../../../src/plugin-api/kit/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';
import { registryOf } from '../engine/support.js';

// The built-ins' roles, as their handlers and rules declare them: what a registry of them answers.
const registry = registryOf(SOURCE_BUILTINS);
const roles = registry.nameRole;
const declared = registry.nameRoles().map((entry) => entry.value.role);
const nameRoleProblem = (role: string, name: string) => problemOf(nameRoleInfo(role, roles), name);

describe('name roles', () => {
  it('are the engine\'s own, then those the handlers and rules declare', () => {
    expect(ENGINE_NAME_ROLES.map((info) => info.role)).toEqual(['bundle', 'group', 'sub-application', 'netpol-synth', 'object', 'generated']);
    expect(declared.slice(0, ENGINE_NAME_ROLES.length)).toEqual(ENGINE_NAME_ROLES.map((info) => info.role));
    expect([...declared].sort()).toEqual([
      'bundle', 'group', 'sub-application', 'netpol-synth', 'hpa', 'pdb', 'tls-secret', 'external-secret', 'rbac', 'networkpolicy',
      'ingress', 'httproute', 'volsync-replicationsource', 'pooler', 'database', 'object', 'helm-source', 'values-configmap', 'values-secret',
      'helm-release', 'oci-kustomization', 'oci-source', 'workload-deployment', 'workload-service', 'workload-serviceaccount',
      'workload-volume-claim', 'postgresql-cluster', 'postgresql-objectstore', 'hook-group', 'layout', 'generated',
    ].sort());
    expect(nameRoleInfo('hpa', roles)).toMatchObject({ default: '<component>-hpa', property: 'hpaName', syntax: 'subdomain' });
    expect(() => nameRoleInfo('nope', roles)).toThrow('name role "nope" is declared by no registered plugin');
    expect(() => nameRoleInfo('hpa', nameRoleLookup(ENGINE_NAME_ROLES))).toThrow('name role "hpa" is declared by no registered plugin');
  });

  it('hold a name to its role: a subdomain, a DNS-1035 label, a Kustomization name', () => {
    expect(nameRoleProblem('hpa', '')).toBe('it is empty');
    expect(nameRoleProblem('hpa', 'web.hpa')).toBeUndefined();
    expect(nameRoleProblem('hpa', 'Web')).toMatch(/^not a valid DNS-1123 subdomain: a lowercase RFC 1123 subdomain must consist of/);
    expect(nameRoleProblem('hpa', 'a'.repeat(254))).toBe('not a valid DNS-1123 subdomain: must be no more than 253 characters');
    expect(nameRoleProblem('pooler', 'db.pooler')).toMatch(/^not a valid DNS-1035 label: a DNS-1035 label must consist of .*\(e\.g\. 'my-name',  or 'abc-123', regex used/);
    expect(nameRoleProblem('pooler', '1db')).toMatch(/^not a valid DNS-1035 label: /);
    expect(nameRoleProblem('workload-service', 'a'.repeat(64))).toBe('not a valid DNS-1035 label: must be no more than 63 characters');
    expect(nameRoleProblem('postgresql-cluster', 'a'.repeat(50))).toBeUndefined();
    expect(nameRoleProblem('postgresql-cluster', 'a'.repeat(51))).toBe('not a valid DNS-1035 label: must be no more than 50 characters');
    expect(nameRoleProblem('layout', 'a'.repeat(63))).toBeUndefined();
    expect(nameRoleProblem('layout', 'a'.repeat(64))).toBe('it is 64 characters long, and a Flux Kustomization name is at most 63');
  });

  it('resolve the authored name, else the asked answer, else the default', () => {
    const spec = { role: 'hpa' as const, kind: 'HorizontalPodAutoscaler.autoscaling', default: 'web-hpa' };
    expect(chooseName(spec, roles)).toEqual({ name: 'web-hpa', source: 'default' });
    expect(chooseName(spec, roles, () => 'other')).toEqual({ name: 'other', source: 'hook' });
    expect(chooseName(spec, roles, () => false)).toEqual({ name: 'web-hpa', source: 'default' });
    let asked = false;
    expect(chooseName({ ...spec, authored: 'mine', property: 'hpaName' }, roles, () => ((asked = true), 'other'))).toEqual({ name: 'mine', source: 'authored' });
    expect(asked).toBe(false);
  });

  it('refuse an authored name that cannot be one, at its property', () => {
    let error: unknown;
    try {
      chooseName({ role: 'database', kind: 'Database.postgresql.cnpg.io', default: 'db-a', authored: 'Bad', property: 'databases[1].objectName' }, roles);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      message: expect.stringMatching(/^databases\[1\]\.objectName "Bad" cannot be the name for role "database": not a valid DNS-1123 subdomain: .*; write a valid name, or leave the property out for the default "db-a"$/),
      path: ['databases', 1, 'objectName'],
    });
  });

  it('choose the default without a hook, the same each time', () => {
    const spec = { role: 'hpa' as const, kind: 'HorizontalPodAutoscaler.autoscaling', default: 'web-hpa' };
    expect(chooseName(spec, roles).name).toBe('web-hpa');
    expect(chooseName(spec, roles).name).toBe('web-hpa');
  });

  it('name a kind by its group, a core kind alone', () => {
    expect(qualifiedKind('autoscaling/v2', 'HorizontalPodAutoscaler')).toBe('HorizontalPodAutoscaler.autoscaling');
    expect(qualifiedKind('v1', 'Secret')).toBe('Secret');
    expect(propertyPath('volumes[2].claimObjectName')).toEqual(['volumes', 2, 'claimObjectName']);
  });
});
