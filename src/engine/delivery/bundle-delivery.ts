import { BUNDLE_DELIVERY_EXTENSION, kurelErrors, type BundleDelivery, type PolicyRendering } from '../../plugin-api/index.js';
import type { Application, WorkPolicy } from '../model.js';
import type { SourceDocument } from '../yaml/index.js';

type PolicyResult = { policy: string; rendering: PolicyRendering };
type TraitDelivery = NonNullable<Application['bundleDelivery']>[number];

const SCALARS = ['interval', 'retryInterval', 'timeout', 'prune', 'wait', 'force', 'suspend'] as const;

/**
 * Each bundle's delivery settings, in bundle walk order: what the application's policies handed
 * under `BUNDLE_DELIVERY_EXTENSION` holds for every bundle; what its traits handed holds for the
 * bundle of their component. Undefined for a bundle nothing configures, so that a build without a
 * delivery consumer is what it was.
 */
export function bundleDeliveries(
  bundles: ReadonlyArray<{ name: string; applications: readonly Application[] }>,
  policyResults: readonly PolicyResult[],
  policies: readonly WorkPolicy[],
  source: SourceDocument,
): Array<BundleDelivery | undefined> {
  const shared = policyDelivery(policyResults, policies, source);
  refusePlacedApart(bundles.flatMap((bundle) => bundle.applications), policyResults, policies, source);
  return bundles.map((bundle) => {
    const traits = bundle.applications.flatMap((application) => application.bundleDelivery ?? []);
    if (!shared && traits.length === 0) return undefined;
    return { ...(shared ?? {}), ...traitDelivery(bundle.name, traits, source) };
  });
}

/** The policies' settings merged; two that set one field to different values are refused. */
function policyDelivery(results: readonly PolicyResult[], policies: readonly WorkPolicy[], source: SourceDocument): BundleDelivery | undefined {
  let merged: BundleDelivery | undefined;
  const setBy = new Map<string, string>();
  for (const { policy, rendering } of results) {
    const delivery = rendering.extensions?.[BUNDLE_DELIVERY_EXTENSION] as BundleDelivery | undefined;
    if (!delivery) continue;
    merged ??= {};
    for (const key of SCALARS) {
      const value = delivery[key];
      if (value === undefined) continue;
      const first = setBy.get(key);
      if (first !== undefined && merged[key] !== value) {
        const path = policies.find((candidate) => candidate.name === policy)?.path ?? [];
        throw kurelErrors.collision(`policy "${policy}" sets ${key} to ${JSON.stringify(value)}, but policy "${first}" sets it to ${JSON.stringify(merged[key])}; keep one`, source.at([...path, 'properties', key]));
      }
      setBy.set(key, policy);
      (merged as Record<string, unknown>)[key] = value;
    }
    if (delivery.healthChecks) merged.healthChecks = [...(merged.healthChecks ?? []), ...delivery.healthChecks];
  }
  return merged;
}

/**
 * The traits' settings of one bundle: patches and substituteFrom entries gathered (once each: a
 * trait handed to every member of a component comes back once per member), substitutions merged;
 * two components substituting one variable with different values are refused, naming both.
 */
function traitDelivery(bundle: string, traits: readonly TraitDelivery[], source: SourceDocument): BundleDelivery {
  const patches = new Map<string, NonNullable<BundleDelivery['patches']>[number]>();
  const substituteFrom = new Map<string, NonNullable<NonNullable<BundleDelivery['postBuild']>['substituteFrom']>[number]>();
  const substitute: Record<string, string> = {};
  const substitutedBy = new Map<string, TraitDelivery>();
  for (const trait of traits) {
    const { delivery } = trait;
    for (const patch of delivery.patches ?? []) patches.set(JSON.stringify(patch), patch);
    for (const entry of delivery.postBuild?.substituteFrom ?? []) substituteFrom.set(JSON.stringify(entry), entry);
    for (const [key, value] of Object.entries(delivery.postBuild?.substitute ?? {})) {
      const first = substitutedBy.get(key);
      if (first && substitute[key] !== value) {
        throw kurelErrors.collision(
          `bundle "${bundle}": trait "${trait.traitType}" on component "${trait.component}" substitutes ${key} with "${value}", but trait "${first.traitType}" on component "${first.component}" substitutes it with "${substitute[key]}"; both configure the one Kustomization of the bundle: give them one value`,
          { ...source.at([...trait.path, 'properties', 'substitute', key]), component: trait.component },
        );
      }
      substitutedBy.set(key, trait);
      substitute[key] = value;
    }
  }
  const postBuild = {
    ...(substitutedBy.size > 0 ? { substitute } : {}),
    ...(substituteFrom.size > 0 ? { substituteFrom: [...substituteFrom.values()] } : {}),
  };
  return {
    ...(patches.size > 0 ? { patches: [...patches.values()] } : {}),
    ...(Object.keys(postBuild).length > 0 ? { postBuild } : {}),
  };
}

/**
 * A trait configures the bundle of every object its component generates: a policy that places one
 * of the generated components on its own could put it in a bundle the trait does not reach.
 */
function refusePlacedApart(applications: readonly Application[], results: readonly PolicyResult[], policies: readonly WorkPolicy[], source: SourceDocument): void {
  for (const { policy, rendering } of results) {
    for (const placed of Object.keys(rendering.tiers ?? {})) {
      const application = applications.find((candidate) => candidate.name === placed);
      const owner = application?.owner;
      if (!owner || owner === placed) continue;
      const trait = applications.filter((candidate) => candidate.owner === owner).flatMap((candidate) => candidate.bundleDelivery ?? [])[0];
      if (!trait) continue;
      const path = policies.find((candidate) => candidate.name === policy)?.path ?? trait.path;
      throw kurelErrors.lowering(
        `trait "${trait.traitType}" configures the bundle of every object this component generates, but placement policy "${policy}" names "${placed}", a component generated for it, on its own: that component could be applied in a bundle the trait does not reach; name "${owner}" in the policy instead, or remove the trait`,
        { ...source.at([...path, 'properties']), component: owner },
      );
    }
  }
}
