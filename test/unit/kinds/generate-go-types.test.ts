import { describe, expect, it } from 'vitest';
import { goKindSchema } from '../../../src/plugin-api/kit/go-kinds.js';
import { reencodeThroughGo } from '../../../src/plugin-api/kit/go-reencode.js';
import { GO_KINDS, GO_STRUCTS, GO_TYPES_VERSION } from '../../../src/plugin-api/kit/go-types.generated.js';
// @ts-expect-error: a plain ES module script without declarations
import { buildTable, readPackage } from '../../../scripts/generate-go-types.mjs';

const field = (struct: string, name: string) => GO_STRUCTS[struct]?.find(([json]) => json === name);

describe('the generated Go types of the registered Kubernetes kinds', () => {
  it('are read at the k8s.io/api tag the reference builds with', () => {
    expect(GO_TYPES_VERSION).toBe('v0.36.3');
  });

  it('hold Deployment.spec.strategy and Container.resources as structs by value, ObjectMeta.creationTimestamp as a Time left out when zero', () => {
    expect(field('apps/v1.DeploymentSpec', 'strategy')).toEqual(['strategy', 'apps/v1.DeploymentStrategy', 1]);
    expect(field('apps/v1.DeploymentSpec', 'selector')).toEqual(['selector', '*meta/v1.LabelSelector', 0]);
    expect(field('core/v1.Container', 'resources')).toEqual(['resources', 'core/v1.ResourceRequirements', 1]);
    expect(field('core/v1.ResourceRequirements', 'limits')).toEqual(['limits', 'map[quantity]', 1]);
    expect(field('meta/v1.ObjectMeta', 'creationTimestamp')).toEqual(['creationTimestamp', 'time', 3]);
    expect(field('core/v1.ServicePort', 'targetPort')).toEqual(['targetPort', 'intorstring', 1]);
    expect(field('rbac/v1.Role', 'rules')).toEqual(['rules', '[]rbac/v1.PolicyRule', 0]);
  });

  it('list the kinds of the group versions the reference registers, and not the others', () => {
    expect(GO_KINDS['apps/v1 Deployment']).toBe('apps/v1.Deployment');
    expect(GO_KINDS['v1 ConfigMap']).toBe('core/v1.ConfigMap');
    expect(GO_KINDS['rbac.authorization.k8s.io/v1 ClusterRole']).toBe('rbac/v1.ClusterRole');
    expect(GO_KINDS['policy/v1 PodDisruptionBudget']).toBeUndefined();
    expect(GO_KINDS['autoscaling/v2 HorizontalPodAutoscaler']).toBeUndefined();
    expect(GO_KINDS['apps/v1 DeploymentList']).toBeUndefined();
  });
});

describe('the generator', () => {
  const source = [
    'package v1',
    'import (',
    '\tmetav1 "k8s.io/apimachinery/pkg/apis/meta/v1"',
    '\t"k8s.io/apimachinery/pkg/util/intstr"',
    ')',
    'const GroupName = "example.com"',
    'func addKnownTypes(scheme *runtime.Scheme) error {',
    '\tscheme.AddKnownTypes(SchemeGroupVersion,',
    '\t\t&Thing{},',
    '\t)',
    '}',
    'type Mode string',
    'type Thing struct {',
    '\tmetav1.TypeMeta `json:",inline"`',
    '\t// +optional',
    '\tmetav1.ObjectMeta `json:"metadata,omitempty"`',
    '\tSpec ThingSpec `json:"spec,omitempty"`',
    '}',
    'type ThingSpec struct {',
    '\tMode Mode `json:"mode"`',
    '\tPort intstr.IntOrString `json:"port,omitempty"`',
    '\tNext *ThingSpec `json:"next,omitempty"`',
    '\tinternal string',
    '\tSkipped string `json:"-"`',
    '}',
  ].join('\n');
  const meta = [
    'package v1',
    'type TypeMeta struct {',
    '\tKind string `json:"kind,omitempty"`',
    '\tAPIVersion string `json:"apiVersion,omitempty"`',
    '}',
    'type ObjectMeta struct {',
    '\tName string `json:"name,omitempty"`',
    '\tCreationTimestamp Time `json:"creationTimestamp,omitempty,omitzero"`',
    '}',
  ].join('\n');

  it('inlines embedded structs, resolves named types, reads tags and registered kinds', () => {
    const table = buildTable([readPackage('example/v1', [source]), { ...readPackage('meta/v1', [meta]), group: undefined }]);
    expect(table.kinds).toEqual({ 'example.com/v1 Thing': 'example/v1.Thing' });
    expect(table.structs['example/v1.Thing']).toEqual([
      ['kind', 'string', 1],
      ['apiVersion', 'string', 1],
      ['metadata', 'meta/v1.ObjectMeta', 1],
      ['spec', 'example/v1.ThingSpec', 1],
    ]);
    expect(table.structs['example/v1.ThingSpec']).toEqual([
      ['mode', 'string', 0],
      ['port', 'intorstring', 1],
      ['next', '*example/v1.ThingSpec', 1],
    ]);
    expect(table.structs['meta/v1.ObjectMeta']).toEqual([
      ['name', 'string', 1],
      ['creationTimestamp', 'time', 3],
    ]);
  });
});

describe('an object written back through its Go type', () => {
  const deployment = goKindSchema('apps/v1', 'Deployment')!;

  it('reads null as Go does: a struct by value becomes {}, an omitempty pointer is left out, an unset Time is dropped', () => {
    const object = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', creationTimestamp: null },
      spec: { selector: { matchLabels: { app: 'web' } }, replicas: null, template: { metadata: null, spec: { containers: [{ name: 'web', image: 'x', resources: null }] } } },
    };
    expect(reencodeThroughGo(object, deployment)).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { selector: { matchLabels: { app: 'web' } }, strategy: {}, template: { metadata: {}, spec: { containers: [{ name: 'web', image: 'x', resources: {} }] } } },
      status: {},
    });
  });

  it('writes a nil list without omitempty as null, as encoding/json does', () => {
    const role = goKindSchema('rbac.authorization.k8s.io/v1', 'Role')!;
    expect(reencodeThroughGo({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'r' } }, role)).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'r' },
      rules: null,
    });
  });

  it('gives up on a field the type lacks and on a value it cannot hold, naming the first', () => {
    const misfits: string[] = [];
    const base = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } };
    expect(reencodeThroughGo({ ...base, spec: { template: { spec: { containers: [{ name: 'a', sidecar: true }] } } } }, deployment, (path) => misfits.push(path))).toBeUndefined();
    expect(reencodeThroughGo({ ...base, spec: { replicas: '2' } }, deployment, (path) => misfits.push(path))).toBeUndefined();
    expect(reencodeThroughGo({ ...base, metadata: { name: 'web', creationTimestamp: 'yesterday' } }, deployment, (path) => misfits.push(path))).toBeUndefined();
    expect(misfits).toEqual(['spec.template.spec.containers[0].sidecar', 'spec.replicas', 'metadata.creationTimestamp']);
  });
});
