import type { GeneratedObject } from '../model.js';
import { appliedMembers } from '../ownership/list-envelopes.js';
import { isPlainObject, fieldOf, type WrittenMap } from '../../plugin-api/kit/index.js';

// A PersistentVolume or PersistentVolumeClaim that Flux force-applies is deleted and recreated
// when an update changes an immutable field, which can lose its data: warned about, not refused.
// Objects are read as Flux applies them, a list envelope standing for its members.

const FORCE_KEY = 'kustomize.toolkit.fluxcd.io/force';
const VOLUME_KINDS = ['PersistentVolume', 'PersistentVolumeClaim'];

/** Flux's force selector: the key as a label or an annotation, `enabled` in any case. */
function forceAnnotated(object: WrittenMap): boolean {
  const metadata = object.metadata ?? {};
  return [fieldOf(metadata, 'labels'), fieldOf(metadata, 'annotations')].some((map) => {
    const value = fieldOf(map, FORCE_KEY);
    return typeof value === 'string' && value.toLowerCase() === 'enabled';
  });
}

interface Forced {
  display: string;
  producer: string;
  annotated: boolean;
  intent: boolean;
}

/** One warning per forced volume, naming its first producer and every reason any copy is forced. */
export function warnForcedVolumes(generated: GeneratedObject[], warn: (message: string) => void): void {
  const found = new Map<string, Forced>();
  for (const entry of generated) {
    for (const member of appliedMembers(entry.object as WrittenMap)) {
      // A member that is no map has no kind, so it is no volume.
      if (!isPlainObject(member)) continue;
      const object = member;
      if (typeof object.kind !== 'string' || !VOLUME_KINDS.includes(object.kind) || object.apiVersion !== 'v1') continue;
      const annotated = forceAnnotated(object);
      const intent = entry.forceReplace === true;
      const namespace = fieldOf(object.metadata, 'namespace');
      const display = `${object.kind} ${namespace ? `${String(namespace)}/` : ''}${String(fieldOf(object.metadata, 'name') ?? '')}`;
      const known = found.get(display);
      if (known) {
        known.annotated ||= annotated;
        known.intent ||= intent;
      } else {
        found.set(display, { display, producer: entry.producer, annotated, intent });
      }
    }
  }
  for (const forced of found.values()) {
    if (!forced.annotated && !forced.intent) continue;
    if (forced.annotated) {
      const reasons = [`${FORCE_KEY}: enabled`, ...(forced.intent ? ['its application sets the force-replace delivery intent'] : [])];
      warn(
        `${forced.display} (${forced.producer}) is force-applied (${reasons.join('; ')}): when an update changes an immutable field, Flux deletes and recreates it instead of failing the apply, which can lose its data`,
      );
    } else {
      warn(
        `${forced.display} (${forced.producer}) is covered by the force-replace delivery intent of its application: where the delivery workflow maps that intent (kure's Flux layout integration writes ${FORCE_KEY}: enabled), an update that changes an immutable field deletes and recreates it instead of failing the apply, which can lose its data`,
      );
    }
  }
}
