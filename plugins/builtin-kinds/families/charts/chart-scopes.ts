import type { HandlerContext, K8sObject } from 'kurel/plugin-api';
import { knownScope, type Scope } from '../escape-hatches/scopes.js';
import { OWNER, type HelmTemplateProperties } from './chart-request.js';

// Where a rendered object without a namespace goes. Kubernetes' own kinds take their API scope;
// for any other kind an authored scopeOverrides entry comes first, then the scope table, then a
// CustomResourceDefinition the chart itself renders. A kind of unknown scope is left as rendered.

type Overrides = NonNullable<HelmTemplateProperties['scopeOverrides']>;

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '');
const builtIn = (apiVersion: string) => {
  const group = groupOf(apiVersion);
  return group === '' || !group.includes('.') || group.endsWith('.k8s.io');
};

/** The scopes the chart's rendered CustomResourceDefinitions declare, by `group/Kind`. */
function renderedCrdScopes(objects: K8sObject[]): Map<string, { scope: Scope; name: string }> {
  const scopes = new Map<string, { scope: Scope; name: string }>();
  for (const object of objects) {
    if (object.kind !== 'CustomResourceDefinition' || groupOf(object.apiVersion) !== 'apiextensions.k8s.io') continue;
    const spec = (object as { spec?: { group?: unknown; scope?: unknown; names?: { kind?: unknown } } }).spec;
    if (typeof spec?.group !== 'string' || typeof spec.names?.kind !== 'string') continue;
    if (spec.scope === 'Cluster' || spec.scope === 'Namespaced') scopes.set(`${spec.group}/${spec.names.kind}`, { scope: spec.scope, name: object.metadata.name });
  }
  return scopes;
}

/** Refuses an override that contradicts a CRD the chart renders, naming both scopes. */
function checkOverrides(overrides: Overrides, crds: ReturnType<typeof renderedCrdScopes>, ctx: HandlerContext): void {
  overrides.forEach((entry, index) => {
    const crd = crds.get(`${groupOf(entry.apiVersion)}/${entry.kind}`);
    if (crd && crd.scope !== entry.scope) {
      ctx.fail(
        `${OWNER}: scopeOverrides[${index}]: ${entry.kind} (${entry.apiVersion}) is ${entry.scope} here, and the chart's CustomResourceDefinition "${crd.name}" declares it ${crd.scope}; remove the entry, or make it agree`,
        ['scopeOverrides', index, 'scope'],
      );
    }
  });
}

/** Gives every namespaced object that names no namespace the application's. */
export function placeRendered(objects: K8sObject[], overrides: Overrides, namespace: string, ctx: HandlerContext): K8sObject[] {
  const crds = renderedCrdScopes(objects);
  checkOverrides(overrides, crds, ctx);
  return objects.map((object) => {
    if (object.metadata.namespace) return object;
    const override = builtIn(object.apiVersion) ? undefined : overrides.find((entry) => entry.apiVersion === object.apiVersion && entry.kind === object.kind)?.scope;
    const scope = override ?? knownScope(object.apiVersion, object.kind) ?? crds.get(`${groupOf(object.apiVersion)}/${object.kind}`)?.scope;
    return scope === 'Namespaced' ? { ...object, metadata: { ...object.metadata, namespace } } : object;
  });
}
