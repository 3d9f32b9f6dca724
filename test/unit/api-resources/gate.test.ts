import { describe, expect, it } from 'vitest';
import { refusal } from '../engine/support.js';
import { application, buildWith, importedProfile } from './support.js';

const kindCluster = importedProfile('kind-v1.35');
const gatewayCluster = importedProfile('kind-v1.35-gateway-api');
const route = '{name: storefront, type: object, properties: {apiVersion: gateway.networking.k8s.io/v1, kind: HTTPRoute, spec: {parentRefs: [{name: public}]}}}';
const settings = '{name: settings, type: configmap, properties: {data: {mode: fast}}}';

describe('the serving check', () => {
  it('refuses an object the cluster does not serve, naming the component, the object and what the group serves', () => {
    const diagnostic = refusal(() => buildWith(application(settings, route), kindCluster)).diagnostics[0];
    expect(diagnostic).toMatchObject({ code: 'KUREL_API_NOT_SERVED', component: 'storefront', file: 'app.yaml', line: 7, path: 'spec.components[1]' });
    expect(diagnostic.message).toBe(
      'component "storefront": gateway.networking.k8s.io/v1 HTTPRoute "storefront" is not served by the cluster of ClusterProfile "kind": it serves no group gateway.networking.k8s.io; mark the component optional: true to leave it out where the cluster does not serve it',
    );
  });

  it('names the versions and kinds a group serves when only the version is wrong', () => {
    const hpa = '{name: web, type: object, properties: {apiVersion: autoscaling/v2beta2, kind: HorizontalPodAutoscaler, spec: {maxReplicas: 2}}}';
    expect(refusal(() => buildWith(application(hpa), kindCluster)).diagnostics[0].message).toContain(
      'autoscaling/v2beta2 HorizontalPodAutoscaler "web" is not served by the cluster of ClusterProfile "kind": it serves group autoscaling at v2 (preferred), v1, with kinds HorizontalPodAutoscaler',
    );
  });

  it('refuses every unserved component at once', () => {
    const second = route.replace('storefront', 'admin');
    expect(refusal(() => buildWith(application(route, second), kindCluster)).diagnostics.map((d) => d.component)).toEqual(['storefront', 'admin']);
  });

  it('serves what the cluster serves, and a kind a CRD of the build defines', () => {
    expect(buildWith(application(settings, route), gatewayCluster).objects.map((o) => o.kind)).toEqual(['ConfigMap', 'HTTPRoute']);
    const crd =
      '{name: widgets, type: crd, properties: {inline: "apiVersion: apiextensions.k8s.io/v1\\nkind: CustomResourceDefinition\\nmetadata: {name: widgets.example.com}\\nspec: {group: example.com, scope: Namespaced, names: {kind: Widget, plural: widgets}, versions: [{name: v1, served: true, storage: true}]}\\n"}}';
    const widget = '{name: blue, type: object, properties: {apiVersion: example.com/v1, kind: Widget, spec: {size: 2}}}';
    expect(buildWith(application(crd, widget), kindCluster).objects.map((o) => o.kind)).toEqual(['CustomResourceDefinition', 'Widget']);
  });

  it('leaves an optional component out whole, with a warning, and the rest as it was', () => {
    const optional = route.replace('spec: {parentRefs', 'optional: true, spec: {parentRefs');
    const result = buildWith(application(settings, optional), kindCluster);
    const alone = buildWith(application(settings), kindCluster);
    expect(result.yaml).toBe(alone.yaml);
    expect(result.yaml).not.toContain('storefront');
    expect(result.bundle.applications).toEqual(['settings']);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'component "storefront" is optional and left out: gateway.networking.k8s.io/v1 HTTPRoute "storefront" is not served by the cluster of ClusterProfile "kind": it serves no group gateway.networking.k8s.io',
    ]);
    // Where the cluster serves it, an optional component is built like any other.
    expect(buildWith(application(settings, optional), gatewayCluster).objects.map((o) => o.kind)).toEqual(['ConfigMap', 'HTTPRoute']);
  });

  it('gates a component whose type declares its object before its handler runs', () => {
    const database = (extra: string) => `{name: app-db, type: cnpg-database, properties: {${extra}name: postgres, owner: app, cluster: {name: pg}}}`;
    // Where the cluster does not serve the kind, the handler's own refusal never comes.
    const skipped = buildWith(application(settings, database('optional: true, ')), kindCluster);
    expect(skipped.objects.map((o) => o.kind)).toEqual(['ConfigMap']);
    expect(skipped.warnings.map((w) => w.message)).toEqual([
      'component "app-db" is optional and left out: postgresql.cnpg.io/v1 Database "app-db" is not served by the cluster of ClusterProfile "kind": it serves no group postgresql.cnpg.io',
    ]);
    const refused = refusal(() => buildWith(application(settings, database('')), kindCluster)).diagnostics;
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ code: 'KUREL_API_NOT_SERVED', component: 'app-db', path: 'spec.components[1]' });
    expect(refused[0].message).toBe(
      'component "app-db": postgresql.cnpg.io/v1 Database "app-db" is not served by the cluster of ClusterProfile "kind": it serves no group postgresql.cnpg.io; mark the component optional: true to leave it out where the cluster does not serve it',
    );
    // Without declared APIs the handler decides.
    expect(refusal(() => buildWith(application(database('optional: true, ')))).diagnostics[0].message).toContain('name "postgres" is refused');
  });

  it('leaves a custom resource kind to the check after the transform where a CRD of the build may serve it', () => {
    const crd =
      '{name: databases, type: crd, properties: {inline: "apiVersion: apiextensions.k8s.io/v1\\nkind: CustomResourceDefinition\\nmetadata: {name: databases.postgresql.cnpg.io}\\nspec: {group: postgresql.cnpg.io, scope: Namespaced, names: {kind: Database, plural: databases}, versions: [{name: v1, served: true, storage: true}]}\\n"}}';
    const database = '{name: app-db, type: cnpg-database, properties: {name: app, owner: app, cluster: {name: pg}}}';
    expect(buildWith(application(crd, database), kindCluster).objects.map((o) => o.kind)).toEqual(['CustomResourceDefinition', 'Database']);
  });

  it('changes nothing where the profile declares no apiResources', () => {
    expect(buildWith(application(settings, route)).objects.map((o) => o.kind)).toEqual(['ConfigMap', 'HTTPRoute']);
    expect(buildWith(application(settings, route.replace('spec: {parentRefs', 'optional: true, spec: {parentRefs'))).warnings).toEqual([]);
  });

  it('refuses an optional that is no boolean', () => {
    const diagnostic = refusal(() => buildWith(application(route.replace('spec: {parentRefs', 'optional: "yes", spec: {parentRefs')))).diagnostics[0];
    expect(diagnostic).toMatchObject({ code: 'KUREL_PROPERTY', path: 'spec.components[0].properties.optional' });
    expect(diagnostic.message).toBe('component "storefront" (type "object"): optional: expected true or false, got a string');
  });
});
