import { KurelError } from './diagnostics.js';
import { ErrorCode, errorDiagnostic } from './error-codes.js';
import type { Group } from './order.js';
import type { SourceDocument } from './source.js';

/**
 * Two applications of one name in one bundle are refused: a component's own application and a
 * trait's sub-application as well as two sub-applications. Two bundles may each hold one.
 */
export function checkBundleNames(groups: readonly Group[], source: SourceDocument): void {
  const diagnostics = groups.flatMap((group) => {
    const named = new Map<string, string>();
    const found = [];
    for (const application of group.applications) {
      const entries = [
        { name: application.name, namedBy: `component "${application.name}"`, path: application.members[0]?.component.path ?? [] },
        ...application.subApplications.map((sub) => ({ name: sub.name, namedBy: sub.namedBy ?? `component "${application.name}"`, path: sub.path ?? [] })),
      ];
      for (const entry of entries) {
        const first = named.get(entry.name);
        if (first === undefined) {
          named.set(entry.name, entry.namedBy);
          continue;
        }
        const message = `bundle "${group.name}": name collision: application "${entry.name}" is named by ${first} and by ${entry.namedBy}; give one of them another name`;
        found.push(errorDiagnostic(ErrorCode.collision, message, { ...source.at(entry.path), component: application.name }));
      }
    }
    return found;
  });
  if (diagnostics.length > 0) throw new KurelError(diagnostics);
}
