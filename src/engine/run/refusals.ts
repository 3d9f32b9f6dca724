import { formatDiagnostic, isKurelError, KurelError, type Diagnostic } from '../../plugin-api/diagnostics.js';
import { ErrorCode } from '../../plugin-api/index.js';
import type { Path } from '../model.js';
import { inFileOrder } from './file-order.js';

const COMPONENT_PATH = /^spec\.components\[(\d+)\]/;

/** The authored component a diagnostic is placed in, by its index; undefined when it is placed in none. */
export function componentIndexOf(diagnostic: Diagnostic): number | undefined {
  const match = diagnostic.path ? COMPONENT_PATH.exec(diagnostic.path) : null;
  // The list's own refusal at an index past its limit is the list's, not that item's.
  if (!match || (diagnostic.code === ErrorCode.inputLimit && match[0].length === diagnostic.path!.length)) return undefined;
  return Number(match[1]);
}

/** The authored component an element descends from, by its index (an emitted element keeps its authored path). */
function authoredIndexOf(path: Path): number | undefined {
  return path[0] === 'spec' && path[1] === 'components' && typeof path[2] === 'number' ? path[2] : undefined;
}

/**
 * What `validate` collects in its one run of the stages. A stage that can go on without a
 * component it refuses reports the refusal here and leaves the component out of its output; a
 * refusal that names no component ends the run. The first refusals are kept whole; after them,
 * only what is placed in a component still in the build: anything else may be an echo of one left
 * out (a policy naming it, an order that no longer holds).
 */
export class Refusals {
  private readonly found: Diagnostic[] = [];
  /** The texts of what was kept, to keep nothing twice: made only once a second report comes (a file refused at each of its keys formats each refusal for it). */
  private seen?: Set<string>;
  private readonly dropped = new Set<number>();

  /** Every refusal kept, in the order of the file. */
  get diagnostics(): Diagnostic[] {
    return inFileOrder(this.found);
  }

  /** Whether the component `path` descends from was refused. */
  drops(path: Path): boolean {
    const index = authoredIndexOf(path);
    return index !== undefined && this.dropped.has(index);
  }

  report(diagnostics: readonly Diagnostic[]): void {
    if (this.found.length === 0) {
      this.found.push(...diagnostics);
    } else {
      const seen = (this.seen ??= new Set(this.found.map(formatDiagnostic)));
      for (const diagnostic of diagnostics) {
        const index = componentIndexOf(diagnostic);
        if (index === undefined || this.dropped.has(index)) continue;
        const key = formatDiagnostic(diagnostic);
        if (seen.has(key)) continue;
        seen.add(key);
        this.found.push(diagnostic);
      }
    }
    for (const diagnostic of diagnostics) {
      const index = componentIndexOf(diagnostic);
      if (index !== undefined) this.dropped.add(index);
    }
  }

  /**
   * A stage's refusal, in a run that collects: reported when every diagnostic is placed in a
   * component (the stage then leaves those components out), thrown on when any is not.
   */
  takeOrThrow(error: unknown): void {
    if (!isKurelError(error) || error.diagnostics.some((diagnostic) => componentIndexOf(diagnostic) === undefined)) throw error;
    this.report(error.diagnostics);
  }
}

/**
 * The refusals a stage found in its elements: thrown together when the build does not collect,
 * else reported, and the elements they name left out of what the stage passes on. `pathOf` gives
 * the authored path an element descends from.
 */
export function refuseOrDrop<T>(found: readonly Diagnostic[], elements: T[], refusals: Refusals | undefined, pathOf: (element: T) => Path = (element) => (element as { path: Path }).path): T[] {
  if (found.length === 0) return elements;
  if (!refusals) throw new KurelError([...found]);
  refusals.takeOrThrow(new KurelError([...found]));
  return elements.filter((element) => !refusals.drops(pathOf(element)));
}
