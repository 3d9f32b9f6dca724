import type { WorkComponent } from '../model.js';
import type { SealedRegistry } from '../registry.js';
import type { StageLog } from '../run/stage-log.js';

/** Every authored element of a deprecated type is warned about once, in document order. */
export function warnDeprecated(components: readonly WorkComponent[], registry: SealedRegistry, log: StageLog): void {
  for (const component of components) {
    const contract = (registry.component(component.type) ?? registry.componentRule(component.type))?.value.contract;
    if (contract?.deprecated) log.warn(`component "${component.name}": type ${component.type} is deprecated${contract.deprecationMessage ? `: ${contract.deprecationMessage}` : ''}`);
    for (const trait of component.traits) {
      const traitContract = (registry.trait(trait.type) ?? registry.traitRule(trait.type))?.value.contract;
      if (traitContract?.deprecated) log.warn(`component "${component.name}": trait type ${trait.type} is deprecated${traitContract.deprecationMessage ? `: ${traitContract.deprecationMessage}` : ''}`);
    }
  }
}
