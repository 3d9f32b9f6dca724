import { kurelErrors, type K8sObject } from '../../plugin-api/index.js';
import type { Application, GeneratedObject } from '../model.js';
import { warnForcedVolumes } from '../delivery/forced-volumes.js';
import { StageLog, type Logged } from '../run/stage-log.js';

export type { GeneratedObject };


/**
 * The generate box: every application's objects in emission order, with the warnings a reader of
 * the whole output needs (nothing generated, a volume Flux would force-replace).
 */
export function generateObjects(applications: Application[], documentName: string): Logged & { generated: GeneratedObject[] } {
  const log = new StageLog();
  const generated = generate(applications, documentName);
  if (generated.length === 0) log.warn('no resources generated');
  warnForcedVolumes(generated, (message) => log.warn(message));
  return { generated, log };
}

/**
 * Generates each application's objects in emission order: a sibling group's members' first
 * objects, then their remaining objects, then the traits' sub-applications in creation order.
 */
export function generate(applications: Application[], documentName?: string): GeneratedObject[] {
  const generated: GeneratedObject[] = [];
  applications.forEach((application, index) => {
    rejectSharedMemberObjects(application);
    const own = [
      ...application.members.map((member) => member.objects[0]).filter((object) => object !== undefined),
      ...application.members.flatMap((member) => member.objects.slice(1)),
    ];
    // An entry a rule emitted under a name of its own is named as its owner's sub-application.
    const renamed = application.owner !== '' && application.owner !== application.name;
    const producer = application.generatedSource
      ? generatedSourceProducer(application, applications)
      : renamed
        ? `sub-application "${application.name}" of component "${application.owner}"`
        : `component "${application.name}"`;
    const owned: GeneratedObject[] = own.map((object) => ({
      object,
      producer,
      component: application.owner,
      source: { application: index, name: application.name },
      ...(application.delivery?.includes('force-replace') ? { forceReplace: true } : {}),
    }));
    for (const object of application.synthesized ?? []) {
      const of = application.owner ? ` of component "${application.owner}"` : '';
      owned.push({ object, producer: `synthesized application "${application.name}"${of}`, component: application.owner, source: { application: index, name: application.name } });
    }
    application.subApplications.forEach((sub, subIndex) => {
      for (const object of sub.objects) {
        owned.push({
          object,
          producer: `sub-application "${sub.name}" of component "${application.owner || application.name}"`,
          component: application.owner,
          source: { application: index, subApplication: subIndex, name: sub.name },
          ...(application.delivery?.includes('force-replace') ? { forceReplace: true } : {}),
        });
      }
    });
    generated.push(...owned);
  });
  checkInDocumentCollisions(generated, documentName);
  return generated;
}

/**
 * A source a rule generated belongs to no component the author wrote: it is named by the rule and
 * the authored component that emitted it, and by every authored component whose members read it.
 */
function generatedSourceProducer(source: Application, applications: readonly Application[]): string {
  const { origin } = source.members[0].component;
  const emittedFor = origin.component ?? source.name;
  const readers = new Set<string>();
  for (const application of applications) {
    for (const { component } of application.members) {
      if (component.orderAfter.includes(source.name)) readers.add(component.origin.component ?? component.name);
    }
  }
  const shared = readers.size > 1 ? `, a source shared by ${[...readers].map((name) => `"${name}"`).join(', ')}` : '';
  return `rule ${origin.rule} of component "${emittedFor}"${shared}`;
}

/** Members of one sibling group deploy as one component: two of them may not generate one object. */
function rejectSharedMemberObjects(application: Application): void {
  if (application.members.length < 2) return;
  const owners = new Map<string, string>();
  for (const { component, objects } of application.members) {
    for (const object of objects) {
      const key = objectKey(object);
      const owner = owners.get(key);
      if (owner !== undefined && owner !== component.type) {
        throw kurelErrors.collision(`sibling group "${application.name}": members of type "${owner}" and "${component.type}" both generate ${object.kind} "${object.metadata.namespace ? `${object.metadata.namespace}/` : ''}${object.metadata.name}"; a group deploys as one component, so each object has one member`,
        );
      }
      owners.set(key, component.type);
    }
  }
}

function objectKey(object: K8sObject): string {
  const group = object.apiVersion.includes('/') ? object.apiVersion.split('/')[0] : '';
  return `${group}|${object.kind}|${object.metadata.namespace ?? ''}|${object.metadata.name}`;
}

/**
 * An object generated by two producers of one document is refused, naming each. Producers that
 * read alike (one name, one component) are named once with their count: the cluster cannot tell
 * them apart. A repeat within one producer is not reported.
 */
export function checkInDocumentCollisions(generated: GeneratedObject[], documentName?: string): void {
  const byObject = new Map<string, { display: string; producers: Map<string, GeneratedObject> }>();
  for (const entry of generated) {
    const { object } = entry;
    const key = objectKey(object);
    const namespaced = object.metadata.namespace ? `${object.metadata.namespace}/` : '';
    const found = byObject.get(key) ?? { display: `${object.kind} "${namespaced}${object.metadata.name}"`, producers: new Map() };
    found.producers.set(`${entry.source.application}/${entry.source.subApplication ?? ''}`, entry);
    byObject.set(key, found);
  }
  for (const { display, producers } of byObject.values()) {
    if (producers.size < 2) continue;
    const context = documentName ? `application "${documentName}": ` : '';
    throw kurelErrors.collision(`${context}generated-object collision: ${display} is generated by ${describeProducers([...producers.values()])}; rename one so that each object has one producer`);
  }
}

function describeProducers(producers: GeneratedObject[]): string {
  const alike = new Map<string, GeneratedObject[]>();
  for (const producer of producers) {
    const key = `${producer.component}|${producer.source.name}`;
    alike.set(key, [...(alike.get(key) ?? []), producer]);
  }
  const parts = [...alike.values()].map((group) => {
    if (group.length === 1) return group[0].producer;
    const noun = group.every((producer) => producer.source.subApplication !== undefined) ? 'sub-applications' : 'applications';
    return `${group.length} ${noun} "${group[0].source.name}" of component "${group[0].component}"`;
  });
  if (parts.length === 1) return parts[0];
  if (parts.length === 2) return `both ${parts[0]} and ${parts[1]}`;
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
