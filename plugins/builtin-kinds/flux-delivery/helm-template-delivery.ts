import type { AuthoredComponent, LoweringContext, Properties, PropertySchema } from 'kurel/plugin-api';
import type { HelmKey, HelmProperties } from './helm-properties.js';

// helm with delivery: template: the chart is rendered at build time, so the component becomes a
// helmtemplate component with the same chart, release and values. What only a Flux HelmRelease
// reads is refused by name, and no source and no HelmRelease is emitted.

const OWNER = 'helm';

/** Read by the helm-controller alone: with no HelmRelease they would configure nothing. */
const FLUX_ONLY_KEYS: HelmKey[] = ['interval', 'targetNamespace', 'driftDetection', 'install', 'upgrade', 'valuesFrom', 'valuesMode'];
/** Names of objects only delivery: flux generates. */
const FLUX_NAME_KEYS: HelmKey[] = ['helmReleaseName', 'valuesConfigMapName', 'valuesSecretName'];
/** Carried over to the helmtemplate component as written. */
const FORWARDED: HelmKey[] = ['chart', 'version', 'releaseName', 'values', 'secretValues', 'scopeOverrides', 'hookGroupNamePrefix', 'layoutKustomizationName'];
/** Read only when the chart is rendered at build time. */
export const TEMPLATE_ONLY_KEYS: HelmKey[] = ['scopeOverrides', 'hookGroupNamePrefix', 'layoutKustomizationName'];

export function lowerToTemplate(component: AuthoredComponent, props: HelmProperties, ctx: LoweringContext): AuthoredComponent {
  for (const key of FLUX_ONLY_KEYS) {
    if (props[key] !== undefined) ctx.fail(`${OWNER}: ${key} is a setting of the Flux HelmRelease, and delivery: template renders the chart at build time with no HelmRelease; remove it`, [key]);
  }
  for (const key of FLUX_NAME_KEYS) {
    if (props[key] !== undefined) ctx.fail(`${OWNER}: ${key} names an object only delivery: flux generates, and delivery: template generates none; remove it`, [key]);
  }
  const source = props.source ?? {};
  if (typeof source.url !== 'string' || source.url === '') {
    ctx.fail(`${OWNER}: delivery: template needs an inline chart source: source.url, an http(s) Helm repository or an oci:// chart; a referenced Flux source is read only in the cluster`, ['source']);
  }
  for (const key of Object.keys(source)) {
    if (key !== 'url' && key !== 'kind') ctx.fail(`${OWNER}: source.${key} is not used with delivery: template, which pulls the chart from source.url alone and generates no source`, ['source', key]);
  }
  if (source.kind !== undefined && source.kind !== 'HelmRepository' && source.kind !== 'OCIRepository') {
    ctx.fail(`${OWNER}: source.kind ${String(source.kind)} is not available with delivery: template, which renders a chart from a HelmRepository or an OCIRepository`, ['source', 'kind']);
  }
  const properties: Properties = { source: { url: source.url, ...(source.kind !== undefined ? { kind: source.kind } : {}) } };
  for (const key of FORWARDED) if (props[key] !== undefined) properties[key] = props[key];
  const member: AuthoredComponent = { name: component.name, type: 'helmtemplate', properties, traits: component.traits ?? [] };
  if (component.annotations !== undefined) member.annotations = component.annotations;
  return member;
}
