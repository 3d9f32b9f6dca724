import { kurelErrors, type Diagnostic, type K8sObject } from '../../plugin-api/index.js';
import { fieldOf, type WrittenMap } from '../../plugin-api/kit/index.js';
import { appliedObjects } from '../ownership/list-envelopes.js';
import { authoredPathOf, type Application, type Path, type WorkComponent } from '../model.js';
import type { ParsedProfile } from '../documents/profile.js';
import { StageLog, type Logged } from '../run/stage-log.js';
import { refuseOrDrop, type Refusals } from '../run/refusals.js';
import type { SourceDocument } from '../yaml/index.js';
import { describeServedGroup, groupOf, isServed, type ServedApis, type ServedKind } from '../documents/served.js';


interface Unserved {
  /** Who emitted the object, as the message names it. */
  label: string;
  path: Path;
  object: WrittenMap;
}

/**
 * Holds every object the components would emit to what the ClusterProfile says the cluster
 * serves, before anything is ordered, named or written. An unserved apiVersion or kind refuses
 * its component, naming what the cluster serves of the group; a component its author marked
 * `optional` is left out whole instead, with a warning. Without declared APIs nothing changes.
 * Custom resource definitions the build itself emits count as served.
 */
export function gateServedApis(applications: Application[], authored: WorkComponent[], profile: ParsedProfile, source: SourceDocument, refusals?: Refusals): Logged & { applications: Application[] } {
  const log = new StageLog();
  if (!profile.served) return { applications, log };
  const served = withEmittedDefinitions(profile.served, applications);
  const optional = new Set(authored.filter((component) => component.optional).map((component) => component.name));
  const skipped = new Map<string, Unserved>();
  const diagnostics: Diagnostic[] = [];
  for (const application of applications) {
    for (const unserved of unservedObjects(application, served)) {
      const owner = application.owner;
      if (optional.has(owner)) {
        if (!skipped.has(owner)) skipped.set(owner, unserved);
        continue;
      }
      diagnostics.push(servedRefusal(unserved.label, unserved.object, served, profile.name, source.at(unserved.path), owner));
    }
  }
  const kept = new Set(refuseOrDrop(diagnostics, applications, refusals, authoredPathOf));
  for (const [owner, unserved] of skipped) {
    warnLeftOut(log, owner, notServed(unserved.object, served, profile.name), authored, source);
  }
  return { applications: applications.filter((application) => kept.has(application) && !skipped.has(application.owner)), log };
}

/** The warning for an optional component left out, placed at the component its author wrote. */
export function warnLeftOut(log: StageLog, owner: string, reason: string, authored: readonly WorkComponent[], source: SourceDocument): void {
  log.warn(`component "${owner}" is optional and left out: ${reason}`, source.at(authored.find((component) => component.name === owner)?.path ?? []));
}

/** The refusal of an object the cluster does not serve, placed at `place` and named by `label`. */
export function servedRefusal(label: string, object: WrittenMap, served: ServedApis, profileName: string, place: ReturnType<SourceDocument['at']>, owner: string): Diagnostic {
  const message = `${label}: ${notServed(object, served, profileName)}; mark the component optional: true to leave it out where the cluster does not serve it`;
  return kurelErrors.apiNotServed.diagnostic(message, { ...place, component: owner || undefined });
}

export function notServed(object: WrittenMap, served: ServedApis, profileName: string): string {
  const apiVersion = String(object.apiVersion ?? '');
  return `${apiVersion} ${String(object.kind ?? '')} "${String(fieldOf(object.metadata, 'name') ?? '')}" is not served by the cluster of ClusterProfile "${profileName}": ${describeServedGroup(served, apiVersion)}`;
}

function unservedObjects(application: Application, served: ServedApis): Unserved[] {
  const out: Unserved[] = [];
  const hold = (objects: K8sObject[], label: string, path: Path) => {
    for (const object of objects.flatMap(appliedObjects)) {
      if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string' || !isServed(served, object.apiVersion, object.kind)) out.push({ label, path, object });
    }
  };
  for (const member of application.members) hold(member.objects, `component "${member.component.name}"`, member.component.path);
  for (const sub of application.subApplications) hold(sub.objects, `component "${application.owner || application.name}" trait "${sub.traitType}"`, sub.path ?? []);
  return out;
}

/** The profile's served APIs plus the kinds the build's own CustomResourceDefinitions define. */
function withEmittedDefinitions(served: ServedApis, applications: Application[]): ServedApis {
  const definitions = applications
    .flatMap((application) => [...application.members.flatMap((member) => member.objects), ...application.subApplications.flatMap((sub) => sub.objects)])
    .flatMap(appliedObjects)
    .filter((object) => object.kind === 'CustomResourceDefinition' && groupOf(String(object.apiVersion)) === 'apiextensions.k8s.io');
  if (definitions.length === 0) return served;
  const groups = new Map([...served.groups].map(([name, group]) => [name, { ...group, versions: [...group.versions], kinds: new Map(group.kinds) }]));
  for (const definition of definitions) {
    const spec = definition.spec ?? {};
    const kind = fieldOf(fieldOf(spec, 'names'), 'kind');
    const specGroup = fieldOf(spec, 'group');
    if (typeof specGroup !== 'string' || typeof kind !== 'string') continue;
    const specVersions = fieldOf(spec, 'versions');
    const versions = (Array.isArray(specVersions) ? specVersions : []).flatMap((entry: unknown) => {
      const name = fieldOf(entry, 'name');
      return fieldOf(entry, 'served') !== false && typeof name === 'string' ? [name] : [];
    });
    if (versions.length === 0) continue;
    const group = groups.get(specGroup) ?? { group: specGroup, versions: [] as string[], preferredVersion: versions[0], kinds: new Map<string, ServedKind>() };
    for (const version of versions) if (!group.versions.includes(version)) group.versions.push(version);
    group.kinds.set(kind, { scope: fieldOf(spec, 'scope') === 'Cluster' ? 'Cluster' : 'Namespaced', version: group.versions.find((version) => versions.includes(version))! });
    groups.set(specGroup, group);
  }
  return { groups };
}
