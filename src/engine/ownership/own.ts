import { kurelErrors } from '../../plugin-api/index.js';
import { componentLabelValue } from '../../plugin-api/kit/index.js';
import type { Application } from '../model.js';
import { holdComponentLabel, type Ownership } from './component-label.js';
import { ofAnotherComponentText } from './texts.js';
import type { ObjectLayouts } from './holders.js';

/** What one application is held to, or undefined for one the document as a whole owns. */
export function ownershipOf(application: Pick<Application, 'name' | 'owner'>, key: string, layouts: ObjectLayouts): Ownership | undefined {
  if (application.owner === '') return undefined;
  const want = componentLabelValue(application.owner);
  const entry = componentLabelValue(application.name);
  // Under the key app the kinds write the entry's own value, which no document can change.
  const accepted = key === 'app' && entry !== want ? [want, entry] : [want];
  return { key, component: application.owner, want, accepted, layouts };
}

/**
 * Under the key app, an entry a rule emitted for one component under another component's label
 * value would carry that component's label: refused, naming both and the entry.
 */
function checkEntryValues(applications: Application[], key: string): void {
  if (key !== 'app') return;
  const owners = new Map<string, string>();
  for (const application of applications) if (application.owner !== '') owners.set(componentLabelValue(application.owner), application.owner);
  for (const application of applications) {
    if (application.owner === '' || application.name === application.owner || application.synthesized) continue;
    const value = componentLabelValue(application.name);
    const other = owners.get(value);
    if (other !== undefined && other !== application.owner) {
      const rule = application.members[0]?.component.origin?.rule ?? '';
      throw kurelErrors.componentLabel(ofAnotherComponentText(application.owner, application.name, rule, value, other), { component: application.owner, refusal: 'of-another-component' });
    }
  }
}

/**
 * The ownership stage: every object an owned application generates, its sub-applications'
 * included, is held to its owner's component label and carries it.
 */
export function own(applications: Application[], key: string, layouts: ObjectLayouts): void {
  checkEntryValues(applications, key);
  for (const application of applications) {
    const ownership = ownershipOf(application, key, layouts);
    if (!ownership) continue;
    for (const member of application.members) for (const object of member.objects) holdComponentLabel(object, ownership);
    for (const sub of application.subApplications) for (const object of sub.objects) holdComponentLabel(object, ownership);
    for (const object of application.synthesized ?? []) holdComponentLabel(object, ownership);
  }
}
