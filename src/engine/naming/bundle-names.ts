import { kurelErrors } from '../../plugin-api/index.js';
import { shortenName } from '../../plugin-api/kit/index.js';
import { KurelError } from '../../plugin-api/diagnostics.js';
import type { Group, OrderedBundle } from '../ordering/order.js';
import type { Application } from '../model.js';
import type { NameClaims } from './name-claims.js';
import type { SourceDocument } from '../yaml/index.js';

/**
 * Two applications of one name in one bundle are refused: a component's own application and a
 * trait's sub-application as well as two sub-applications, or two synthesized NetworkPolicies'
 * applications. Two bundles may each hold one; the application bundle's own applications are one.
 */
export function checkBundleNames(groups: readonly Group[], source: SourceDocument): void {
  const diagnostics = groups.flatMap((group) => {
    const named = new Map<string, string>();
    const found = [];
    for (const application of group.applications) {
      const entries = [
        { name: application.name, namedBy: application.namedBy ?? `component "${application.name}"`, path: application.members[0]?.component.path ?? [] },
        ...application.subApplications.map((sub) => ({ name: sub.name, namedBy: sub.namedBy ?? `component "${application.name}"`, path: sub.path ?? [] })),
      ];
      for (const entry of entries) {
        const first = named.get(entry.name);
        if (first === undefined) {
          named.set(entry.name, entry.namedBy);
          continue;
        }
        const message = `bundle "${group.name}": name collision: application "${entry.name}" is named by ${first} and by ${entry.namedBy}; give one of them another name`;
        found.push(kurelErrors.collision.diagnostic(message, { ...source.at(entry.path), component: application.name }));
      }
    }
    return found;
  });
  if (diagnostics.length > 0) throw new KurelError(diagnostics);
}

/**
 * Names the application bundle (role `bundle`) and its ordered groups (role `group`): the hook's
 * answer, else the default. The bundle's and the groups' names share one space. A flat
 * application is its bundle alone.
 */
export function nameBundles(ordered: OrderedBundle, application: string, claims: NameClaims): { bundle: string; applications: Application[]; groups: Group[] } {
  const owner = { description: 'the application' };
  const bundle = claims.choose({ role: 'bundle', default: application }, owner);
  const groups = ordered.groups;
  const named = new Map<string, string>([[bundle.name, bundle.namedBy]]);
  const renamed = groups.map((group) => {
    const chosen = claims.choose({ role: 'group', default: shortenName(group.name, 253) }, owner);
    const first = named.get(chosen.name);
    if (first !== undefined) {
      throw kurelErrors.collision(`name collision: bundle "${chosen.name}" is named by ${first} and by ${chosen.namedBy}; give one of them another name`);
    }
    named.set(chosen.name, chosen.namedBy);
    return { ...group, name: chosen.name };
  });
  return { bundle: bundle.name, applications: ordered.applications, groups: renamed };
}
