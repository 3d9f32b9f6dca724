import { kurelErrors } from '../../plugin-api/index.js';
import { validateProperties } from '../../plugin-api/kit/index.js';
import { applyDefinition, type CapabilityDefinition } from '../documents/capability-definitions.js';
import type { ParsedApplication } from '../documents/parsed.js';
import type { ParsedProfile } from '../documents/profile.js';
import type { Registered, SealedRegistry } from '../registry.js';
import { StageLog, type Logged } from '../run/stage-log.js';

export interface ProfileEvaluation {
  definitions: Map<string, CapabilityDefinition>;
  strictCapabilities: boolean;
}

/**
 * The profile as the build reads it: each binding's rendering checked against what its trait
 * accepts (a custom trait's CapabilityDefinition, or a registered trait's schema), with the
 * definition's defaults filled in. The authored profile is left as it was.
 */
export function evaluateProfile(authored: ParsedProfile, app: ParsedApplication, registry: SealedRegistry, evaluation: ProfileEvaluation): Logged & { profile: ParsedProfile } {
  const log = new StageLog();
  const profile: ParsedProfile = { ...authored, bindings: new Map(authored.bindings) };
  for (const [key, rendering] of authored.bindings) {
    const traitType = key.split('.')[0];
    // A position costs the profile a full YAML reading: it is worked out only for a refusal.
    const where = () => profile.source.at(profile.paths.get(key) ?? []);
    const registered = registry.trait(traitType) ?? registry.traitRule(traitType);
    const definition = evaluation.definitions.get(traitType);
    if (definition && describedByDefinition(registered)) {
      const applied = applyDefinition(definition, rendering);
      if (applied.problem) {
        const at = applied.problem.key ? profile.source.at([...(profile.paths.get(key) ?? []), applied.problem.key]) : where();
        throw kurelErrors.capability(`evaluating profile "${profile.name}": capability "${key}" definition schema: ${applied.problem.message}`, at);
      }
      profile.bindings.set(key, applied.value);
      continue;
    }
    if (!registered) continue;
    const accepts = 'capability' in registered.value && registered.value.capability !== undefined;
    if (!accepts && Object.keys(rendering).length > 0) {
      throw kurelErrors.capability(`evaluating profile "${profile.name}": capability "${key}": trait type "${traitType}" takes no rendering keys (got ${Object.keys(rendering).sort().join(', ')})`, where());
    }
    const checked = validateProperties(registered.value.properties, rendering, {});
    if (checked.issues.length > 0) {
      const issue = checked.issues[0];
      throw kurelErrors.capability(`evaluating profile "${profile.name}": capability "${key}": ${issue.message}`, profile.source.at([...(profile.paths.get(key) ?? []), ...issue.path]));
    }
  }

  const used = new Set(app.components.flatMap((component) => component.traits.map((trait) => trait.type)));
  for (const traitType of [...used].sort()) {
    const registered = registry.trait(traitType) ?? registry.traitRule(traitType);
    // A plugin's trait that declares its properties has a definition already: its own schema, which checked the rendering above.
    const ownSchema = registered !== undefined && Object.keys(registered.value.properties ?? {}).length > 0;
    if (!describedByDefinition(registered) || ownSchema || evaluation.definitions.has(traitType)) continue;
    if (!profile.bindings.has(traitType) && ![...profile.bindings.keys()].some((key) => key.startsWith(`${traitType}.`))) continue;
    const message = `no CapabilityDefinition found for custom trait "${traitType}"`;
    if (evaluation.strictCapabilities) throw kurelErrors.capability(message, profile.source.at(profile.paths.get(traitType) ?? []));
    log.warn(message);
  }
  return { profile, log };
}

/**
 * Whether a CapabilityDefinition describes the trait's rendering: the trait declares so
 * (`capability.definition`), or no plugin registers the type, so nothing else can.
 */
function describedByDefinition(registered: Registered<unknown> | undefined): boolean {
  if (!registered) return true;
  const capability = (registered.value as { capability?: { definition?: boolean } }).capability;
  return capability?.definition === true;
}
