import { type PropertySchema } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';
import type { OverlayEntry } from '../../../shared/crd-overlay.js';

const { editAt, list, object, optionalAt, str, withEnumValues, withProperties } = schemaBuilders;

// Where the Cilium kinds depart from the CRD schemas they are generated from (crds/cilium, Cilium
// 1.18.2 as datreeio/CRDs-catalog holds it). The reference builds against Cilium v1.20.0, whose
// CRDs could not be had here: `ciliumAdditions` holds what its types take that the copy lacks,
// `ciliumOverlay` where the reference departs from the CRD itself.

/** A field, value or relaxation the reference's Cilium takes that the copied schema lacks. */
export interface Addition {
  /** Where, as a path into the kind's properties (`advertisements[].interface`). */
  path: string;
  /** A new field, new enum values, a required field made optional, a value's pattern no longer checked. */
  change: 'field' | 'enum' | 'optional' | 'unpatterned';
  /** The field's schema, made from the kind's spec (change `field`). */
  field?: (spec: PropertySchema) => PropertySchema;
  /** The values added (change `enum`). */
  values?: string[];
  why: string;
}

/** Several gateways, each as the one egressGateway names. */
const egressGateways = (spec: PropertySchema): PropertySchema => {
  const { required: _required, ...gateway } = spec.properties!.egressGateway;
  return list('Several gateways, the traffic spread over them.', gateway);
};

export const ciliumAdditions: Readonly<Record<string, readonly Addition[]>> = {
  CiliumBGPAdvertisement: [
    { path: 'advertisements[].advertisementType', change: 'enum', values: ['Interface'], why: 'the reference advertises the addresses of a local interface (advertisementType Interface), which the 1.18.2 CRD lacks' },
    {
      path: 'advertisements[].interface',
      change: 'field',
      field: () => object('The interface whose addresses are advertised, for advertisementType Interface.', { name: str('The interface name.') }),
      why: 'the interface an Interface advertisement names, which the 1.18.2 CRD lacks',
    },
  ],
  CiliumEgressGatewayPolicy: [
    { path: 'destinationCIDRs[]', change: 'unpatterned', why: 'the reference takes IPv6 destinations; the copied CRD (Cilium 1.17.1) allows IPv4 CIDRs only' },
    { path: 'excludedCIDRs[]', change: 'unpatterned', why: 'the reference takes IPv6 exclusions; the copied CRD (Cilium 1.17.1) allows IPv4 CIDRs only' },
    { path: 'egressGateway', change: 'optional', why: 'the reference takes a policy that names its gateways in egressGateways instead' },
    { path: 'egressGateways', change: 'field', field: egressGateways, why: 'the reference takes several gateways the traffic is spread over, which the copied CRD (last rewritten at Cilium 1.17.1) lacks' },
  ],
  CiliumLocalRedirectPolicy: [
    {
      path: 'skipRedirectFromBackend',
      change: 'field',
      field: () => ({ type: 'boolean', description: 'Do not redirect traffic the backend itself sends to the frontend.' }),
      why: 'the copied CRD dates from the catalogue\'s first Cilium import (2023), before skipRedirectFromBackend',
    },
  ],
};

/** The kind's spec schema with its additions. */
export function withAdditions(kind: string, spec: PropertySchema): PropertySchema {
  return (ciliumAdditions[kind] ?? []).reduce((schema, addition) => {
    const cut = addition.path.lastIndexOf('.');
    const [parent, key] = cut < 0 ? ['', addition.path] : [addition.path.slice(0, cut), addition.path.slice(cut + 1)];
    if (addition.change === 'enum') return withEnumValues(schema, addition.path, addition.values!);
    if (addition.change === 'optional') return optionalAt(schema, addition.path);
    if (addition.change === 'unpatterned') return editAt(schema, addition.path, ({ pattern: _pattern, ...rest }) => rest);
    return withProperties(schema, parent, { [key]: addition.field!(spec) });
  }, spec);
}

/** Where the reference departs from the CRD: Go writes a gracefulRestart's `enabled` (no omitempty), so it is not asked of the author. */
export const ciliumOverlay: Readonly<Record<string, readonly OverlayEntry[]>> = {
  CiliumBGPPeerConfig: [{ path: 'gracefulRestart.enabled', change: 'default', value: false, why: 'the reference writes enabled: false when a graceful restart does not say' }],
};
