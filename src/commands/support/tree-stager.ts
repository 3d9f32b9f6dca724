import type { TreeLayout, TreeOwner } from '../../engine/index.js';
import type { LayoutTreeWrite, LayoutTreeWritten, PendingTreeWrite } from '../../host/index.js';
import type { PackagePlan } from './package-plan.js';
import type { PlanHooks, PlanOutcome } from './plan-packages.js';

/**
 * Files staged in one slice: small enough that the thread staging them hands the workers their
 * next packages well before they run out (each holds a few), large enough to cost little to resume.
 */
const FILES_PER_SLICE = 64;

export interface TreeStagerOptions {
  output: string;
  layout: TreeLayout;
  /** The trees to write, one a group of tasks (an environment), the groups one after the other. */
  groups: number;
  /** Tasks in each group: the packages. */
  perGroup: number;
  /** Whether the trees' files are trusted by their recorded stats (the build cache is used). */
  trustStamps: boolean;
  /** Reads, checks and composes one tree's write (`prepareLayoutTreeWrite`). */
  write: (output: string, request: LayoutTreeWrite) => PendingTreeWrite;
  /** An owner as one string (the engine's `ownerKey`): a package named twice is written once. */
  ownerKey: (owner: TreeOwner) => string;
  /** Told of each tree committed and the plans it was written from (`CarriedOwners.remember`). */
  committed?: (write: PendingTreeWrite, plans: readonly PackagePlan[]) => void;
  /** The manifest the owners kept as they are were found in, by the tree's top folder (`CarriedOwners.keptFrom`). */
  keptFrom?: (top: string) => string | undefined;
  /** The trees' listings, taken on a thread of their own while packages are looked up (`TreeListings`). */
  listings?: LayoutTreeWrite['listings'];
}

/**
 * The trees of a fleet's run, one per environment, each staged as soon as every package of its
 * environment has built, while the workers build the next environment's: by the time the last
 * package builds, most of the files are on disk in staging folders. Nothing takes effect until
 * `commit`, called once every package has built; a package that fails stops the staging, and
 * `abandon` removes whatever was staged.
 */
export class TreeStager {
  private readonly left: number[];
  private readonly outcomes: PlanOutcome[] = [];
  /** Groups whose packages have all built, in the order they did. */
  private readonly ready: number[] = [];
  /** Each group's write once prepared; null where its packages have nothing to write nor keep. */
  private readonly writes: Array<PendingTreeWrite | null | undefined>;
  private staging?: PendingTreeWrite;
  private stopped = false;
  /** What went wrong while staging, reported only if every package built (their errors come first). */
  private failure?: unknown;
  private committed = false;

  constructor(private readonly options: TreeStagerOptions) {
    this.left = new Array<number>(options.groups).fill(options.perGroup);
    this.writes = new Array<PendingTreeWrite | null | undefined>(options.groups);
  }

  /** The hooks `planPackages` calls: each outcome as it comes, and a slice of staging between packages. */
  hooks(): PlanHooks {
    return {
      planned: (at, outcome) => {
        this.outcomes[at] = outcome;
        if (outcome.failures) this.stopped = true;
        const group = Math.floor(at / this.options.perGroup);
        if (--this.left[group] === 0) this.ready.push(group);
      },
      between: () => this.stageSlice(),
    };
  }

  /** Every tree written, in the groups' order (every package planned, as `planned` was told): prepared and staged where that was left to do, then put in place one after the other. */
  commit(): LayoutTreeWritten[] {
    if (this.failure !== undefined) throw this.failure;
    for (let group = 0; group < this.options.groups; group++) {
      if (this.writes[group] === undefined) this.writes[group] = this.prepare(group);
    }
    const groups = [...this.writes.keys()].filter((group) => this.writes[group]);
    for (const group of groups) this.writes[group]!.stage();
    this.committed = true;
    return groups.map((group) => {
      const write = this.writes[group]!;
      const written = write.commit();
      this.options.committed?.(write, this.plansOf(group));
      return written;
    });
  }

  /** Removes what was staged and not committed, the last tree's first: folders above the trees go once none is staged in them. */
  abandon(): void {
    if (this.committed) return;
    for (const write of [...this.writes].reverse()) write?.abandon();
  }

  private stageSlice(): boolean {
    if (this.stopped) return false;
    try {
      for (;;) {
        if (this.staging?.stage(FILES_PER_SLICE)) return true;
        const group = this.ready.shift();
        if (group === undefined) {
          this.staging = undefined;
          return false;
        }
        const write = this.prepare(group);
        this.writes[group] = write;
        this.staging = write ?? undefined;
      }
    } catch (error) {
      this.stopped = true;
      this.failure = error;
      return false;
    }
  }

  /**
   * One group's tree: its packages' shares, a package named twice written once, the shares the tree
   * holds already kept as they are (still checked); null when no package has objects.
   */
  private prepare(group: number): PendingTreeWrite | null {
    const plans = this.plansOf(group);
    const shares = new Map(plans.flatMap((plan) => (plan.share ? [[this.options.ownerKey(plan.owner), plan.share] as const] : [])));
    const carried = plans.some((plan) => plan.carried);
    if (shares.size === 0 && !carried) return null;
    const { top } = plans[0];
    return this.options.write(this.options.output, {
      top,
      layout: this.options.layout,
      contributions: [...shares.values()],
      trustStamps: this.options.trustStamps,
      listings: this.options.listings,
      ...(carried ? { keptFrom: this.options.keptFrom?.(top) } : {}),
    });
  }

  private plansOf(group: number): PackagePlan[] {
    const start = group * this.options.perGroup;
    return this.outcomes.slice(start, start + this.options.perGroup).map((outcome) => outcome.plan as PackagePlan);
  }
}
