import type { GoEncoding, PropertiesSchema } from 'kurel/plugin-api';
import { ciliumIoV2 } from '../../../generated/cilium/index.js';
import { crdProperties } from '../../../shared/crd-properties.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { once } from '../../../shared/lazy.js';
import { ciliumOverlay, withAdditions } from './overlay.js';

export type CiliumKind = keyof typeof ciliumIoV2;

/**
 * The properties of a Cilium kind, from its schema generated from the CRD (crds/cilium), with the
 * additions and overlay of overlay.ts, each built on first use. A policy's properties are the
 * object's own fields (`spec`, `specs`), the other kinds' their spec's.
 */
export function ciliumProperties(
  kind: CiliumKind,
  options: { go?: Record<string, GoEncoding>; topLevel?: boolean } = {},
): { properties: () => PropertiesSchema; hints: () => Record<string, string> } {
  const generated = ciliumIoV2[kind];
  const schema = once(() => withAdditions(kind, options.topLevel ? generated() : crdSpec(generated)()));
  return crdProperties(schema, { go: options.go, overlay: ciliumOverlay[kind] });
}
