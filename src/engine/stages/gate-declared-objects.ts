import { kurelErrors, type Diagnostic } from '../../plugin-api/index.js';
import { qualifiedKind } from '../../plugin-api/kit/index.js';
import type { WorkComponent } from '../model.js';
import type { ParsedProfile } from '../documents/profile.js';
import type { NameClaims } from '../naming/name-claims.js';
import type { SealedRegistry } from '../registry.js';
import { StageLog, type Logged } from '../run/stage-log.js';
import { refuseOrDrop, type Refusals } from '../run/refusals.js';
import type { SourceDocument } from '../yaml/index.js';
import { isKubernetesGroup } from '../api-resources/cluster-apis.js';
import { notServed, servedRefusal, warnLeftOut } from './gate-served-apis.js';
import { groupOf, isServed } from '../documents/served.js';

/**
 * The serving check before any handler runs, for the components whose type declares its object:
 * one the cluster does not serve is refused, or left out whole with a warning where its author
 * marked it `optional`, and its handler is never called. A custom resource kind is decided here
 * only where the build holds no component whose objects are known only once rendered (a type
 * that declares no object), since a CustomResourceDefinition among those serves its kind; the
 * check after the transform holds every other object.
 */
export function gateDeclaredObjects(components: WorkComponent[], authored: WorkComponent[], profile: ParsedProfile, registry: SealedRegistry, claims: NameClaims, source: SourceDocument, refusals?: Refusals): Logged & { components: WorkComponent[] } {
  const log = new StageLog();
  const served = profile.served;
  if (!served) return { components, log };
  const declared = (component: WorkComponent) => registry.component(component.type)?.value.object;
  const definitionsMayFollow = components.some((component) => !declared(component));
  const optional = new Set(authored.filter((component) => component.optional).map((component) => component.name));
  const skipped = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const component of components) {
    const object = declared(component);
    if (!object || isServed(served, object.apiVersion, object.kind)) continue;
    if (!isKubernetesGroup(groupOf(object.apiVersion)) && definitionsMayFollow) continue;
    const owner = component.origin.component ?? component.name;
    const unserved = { apiVersion: object.apiVersion, kind: object.kind, metadata: { name: objectNameOf(component, object, claims) } };
    if (optional.has(owner)) {
      if (!skipped.has(owner)) skipped.set(owner, notServed(unserved, served, profile.name));
      continue;
    }
    diagnostics.push(servedRefusal(`component "${component.name}"`, unserved, served, profile.name, source.at(component.path), owner));
  }
  const kept = refuseOrDrop(diagnostics, components, refusals).filter((component) => !skipped.has(component.origin.component ?? component.name));
  for (const [owner, reason] of skipped) {
    warnLeftOut(log, owner, reason, authored, source);
  }
  return { components: kept, log };
}

/** The name the component's object would take, as the transform resolves it; nothing is claimed. */
function objectNameOf(component: WorkComponent, object: { apiVersion: string; kind: string; scope: string }, claims: NameClaims): string {
  if (component.objectName !== undefined) return component.objectName;
  const authored = typeof component.properties.objectName === 'string' ? component.properties.objectName : undefined;
  if (component.emitted) return authored ?? component.name;
  const spec = { role: 'object' as const, kind: qualifiedKind(object.apiVersion, object.kind), default: component.name, authored, property: 'properties.objectName', clusterScoped: object.scope === 'cluster' };
  try {
    return claims.choice(spec, { component: component.name, description: `component "${component.name}"` }).name;
  } catch {
    return authored ?? component.name;
  }
}
