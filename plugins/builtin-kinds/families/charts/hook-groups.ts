import { shortenNameWithSuffix } from 'kurel/plugin-kit';
import type { RenderedObject } from './rendered-documents.js';

// A rendered chart split by Helm hook phase and weight, as the reference splits it for a layout
// walker: one group per (phase, weight), applied in group order.

const HOOK = 'helm.sh/hook';
const WEIGHT = 'helm.sh/hook-weight';
/** Hooks a GitOps apply never runs: deleting, rolling back and testing a release. */
const DROPPED = new Set(['pre-delete', 'post-delete', 'pre-rollback', 'post-rollback', 'test']);
/** Where each phase goes; any other phase after these, alphabetically. */
const PHASE_RANK: Record<string, number> = { 'pre-install': 0, 'pre-upgrade': 1, '': 2, 'post-install': 3, 'post-upgrade': 4 };
const OTHER = 5;

export interface SplitGroup {
  phase: string;
  weight: number;
  objects: RenderedObject[];
}

const rank = (phase: string) => PHASE_RANK[phase] ?? OTHER;
const byPhase = (a: string, b: string) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The phase an object's hook annotation puts it in: empty for no hook, the earliest ordered phase
 * of a comma list, undefined when every phase it names is one that is dropped.
 */
export function hookPhase(annotation: string | undefined): string | undefined {
  if (annotation === undefined) return '';
  const phases = annotation
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '' && !DROPPED.has(token));
  if (phases.length === 0) return annotation.trim() === '' ? '' : undefined;
  return phases.sort(byPhase)[0];
}

/** The hook weight as Go's strconv.Atoi reads it; anything else is 0. */
export function hookWeight(annotation: string | undefined): number {
  if (annotation === undefined || !/^[+-]?\d+$/.test(annotation)) return 0;
  const weight = Number(annotation);
  return Number.isSafeInteger(weight) ? weight : 0;
}

/** The objects grouped by phase and weight, in group order; each group keeps render order. */
export function splitHookGroups(objects: RenderedObject[]): SplitGroup[] {
  const groups = new Map<string, SplitGroup>();
  for (const rendered of objects) {
    const annotations = (rendered.object.metadata.annotations ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof annotations[key] === 'string' ? (annotations[key] as string) : annotations[key] === undefined ? undefined : String(annotations[key]));
    const phase = hookPhase(text(HOOK));
    if (phase === undefined) continue;
    const weight = hookWeight(text(WEIGHT));
    const key = JSON.stringify([phase, weight]);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { phase, weight, objects: [] }));
    group.objects.push(rendered);
  }
  return [...groups.values()].sort((a, b) => byPhase(a.phase, b.phase) || a.weight - b.weight);
}

/** The phase as it ends a group's name: `main` for no hook, else lowercased, runs of other characters as one `-`, at most 40. */
export function phaseSlug(phase: string): string {
  if (phase === '') return 'main';
  const slug = phase
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug === '' ? 'unknown' : slug;
}

/**
 * The group names `<prefix>-NN-<slug>`. A default prefix is shortened with the suffix kept whole
 * (a layout name is at most 253); a prefix the author or the Naming hook set is used as written.
 */
export function hookGroupNames(groups: SplitGroup[], prefix: string, written: boolean): string[] {
  return groups.map((group, index) => {
    const suffix = `-${String(index).padStart(2, '0')}-${phaseSlug(group.phase)}`;
    return written ? `${prefix}${suffix}` : shortenNameWithSuffix(prefix, suffix, 253);
  });
}
