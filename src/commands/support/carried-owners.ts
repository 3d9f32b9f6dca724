import { resolve } from 'node:path';
import type { TreeOwner } from '../../engine/index.js';
import type { OwnerBuild, PendingTreeWrite } from '../../host/index.js';
import type { CarryOver, PackagePlan } from './package-plan.js';

type Host = typeof import('../../host/index.js');

/**
 * The packages whose share a tree already holds as the plan the build cache has for them: such a
 * package is kept as it is, its plan not read from the cache nor its files composed and hashed
 * again, which is most of a run that rebuilds one package of hundreds. A package is kept only
 * where the tree's manifest is, byte for byte, the one kurel last wrote there (`writeTreeOwners`),
 * and the package's key is the one recorded for its share then; the write that follows checks
 * every file against the manifest, as for any tree.
 */
export class CarriedOwners {
  /** Each tree's owners by the plans they were written from, by the tree's absolute path; empty where its record does not hold. */
  private readonly trees = new Map<string, Map<string, OwnerBuild>>();
  /** The sha256 of each tree's manifest where its record held: what the owners kept were kept from. */
  private readonly manifests = new Map<string, string>();

  constructor(
    private readonly host: Host,
    private readonly output: string,
    private readonly ownerKey: (owner: TreeOwner) => string,
  ) {}

  /** The lookups' question (`CarryOver`). */
  readonly carryOver: CarryOver = (top, owner, key) => {
    const build = this.tree(this.folderOf(top)).get(this.ownerKey(owner));
    return build?.key === key ? build.warnings : undefined;
  };

  /** The sha256 of the manifest of the tree under `top` as the owners kept were found in it (`LayoutTreeWrite.keptFrom`). */
  keptFrom(top: string): string | undefined {
    return this.manifests.get(this.folderOf(top));
  }

  /**
   * Records the tree `write` committed: each owner by the plan its share was written from, this
   * run's (built, taken from the cache, or kept), else, for an owner this run did not plan, the one
   * recorded before, its share unchanged.
   */
  remember(write: PendingTreeWrite, plans: readonly PackagePlan[]): void {
    const folder = resolve(write.folder);
    const before = this.tree(folder);
    const planned = new Map(plans.flatMap((plan) => (plan.cacheKey !== undefined && (plan.share || plan.carried) ? [[this.ownerKey(plan.owner), plan] as const] : [])));
    const owners = new Map<string, OwnerBuild>();
    for (const at of write.owners) {
      const plan = planned.get(at);
      const build = plan ? { key: plan.cacheKey!, warnings: plan.warnings } : before.get(at);
      if (build) owners.set(at, build);
    }
    // A tree left as it was, by the same plans, has its record already.
    const same = write.manifestHash === this.manifests.get(folder) && JSON.stringify([...owners]) === JSON.stringify([...before]);
    if (!same) this.host.writeTreeOwners(folder, { manifestHash: write.manifestHash, owners });
  }

  private tree(folder: string): Map<string, OwnerBuild> {
    let owners = this.trees.get(folder);
    if (owners === undefined) {
      const record = this.host.readTreeOwners(folder);
      const holds = record !== undefined && record.manifestHash === this.host.ownedFolderManifestHash(folder);
      owners = holds ? record.owners : new Map<string, OwnerBuild>();
      if (holds) this.manifests.set(folder, record.manifestHash);
      this.trees.set(folder, owners);
    }
    return owners;
  }

  private folderOf(top: string): string {
    return resolve(this.host.layoutTreeFolder(this.output, top));
  }
}
