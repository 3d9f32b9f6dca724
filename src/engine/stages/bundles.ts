import type { ParsedApplication } from '../documents/parsed.js';
import type { NameClaims } from '../naming/name-claims.js';
import { nameBundles } from '../naming/bundle-names.js';
import { orderGroups, type Group } from '../ordering/order.js';
import type { TransformSettings } from '../run/scope.js';
import type { Application, TransformOutput } from './transform.js';

/** The application bundle and its ordered groups, named. */
export interface Bundles {
  /** The application bundle's name. */
  name: string;
  /** The bundle walk: the application bundle's own applications, then its groups in order. */
  bundles: Group[];
}

/**
 * The order box: the applications split into ordered groups by the declared tiers, dependency
 * rules and OrderAfter, then the bundle and its groups named (roles `bundle` and `group`).
 */
export function bundleApplications(applications: Application[], policyResults: TransformOutput['policyResults'], app: ParsedApplication, settings: TransformSettings, claims: NameClaims): Bundles {
  const tierAnnotation = `${settings.domain}/tier`;
  const annotatedTiers = new Map(app.components.filter((c) => c.annotations[tierAnnotation] !== undefined).map((c) => [c.name, c.annotations[tierAnnotation]]));
  const named = nameBundles(orderGroups({ applications, annotatedTiers, policyResults, tierAnnotation, documentName: app.name }), app.name, claims);
  return { name: named.bundle, bundles: [{ name: named.bundle, applications: named.applications }, ...named.groups] };
}
