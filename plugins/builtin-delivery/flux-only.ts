import { defineTrait, type TraitHandler } from 'kurel/plugin-api';
import { fluxcdPatches } from './fluxcd-patches.js';
import { fluxcdPostbuild } from './fluxcd-postbuild.js';

/**
 * A trait that configures a Flux Kustomization, for a layout that writes none: it takes the
 * properties of the Flux one, so an author is told why the build fails rather than that a property
 * is unknown, and refuses naming the layout.
 */
function refusedUnder(layout: string, flux: Pick<TraitHandler, 'type' | 'description' | 'contract' | 'properties' | 'example' | 'everyMember'>) {
  return defineTrait({
    type: flux.type,
    contract: flux.contract,
    properties: flux.properties,
    example: flux.example,
    everyMember: flux.everyMember,
    description: `${flux.description} Refused under --layout ${layout}, which writes no Flux Kustomization.`,
    apply(_input, ctx) {
      ctx.fail(`trait "${flux.type}" configures a Flux Kustomization, which --layout ${layout} does not write; use --layout flux, or remove the trait`);
    },
  });
}

export const fluxTraitsRefusedUnder = (layout: string) => [refusedUnder(layout, fluxcdPatches), refusedUnder(layout, fluxcdPostbuild)];
