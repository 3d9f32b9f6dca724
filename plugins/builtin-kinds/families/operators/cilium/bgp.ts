import { defineKind } from 'kurel/plugin-kit';
import { ciliumProperties } from './crd.js';

// Cilium BGP control plane v2 (cilium.io/v2): CiliumBGPClusterConfig, CiliumBGPPeerConfig,
// CiliumBGPAdvertisement and CiliumBGPNodeConfigOverride.

export const ciliumBgpAdvertisement = defineKind({
  type: 'cilium-bgpadvertisement',
  description: 'A CiliumBGPAdvertisement (cilium.io/v2): what the BGP instances advertise, selected by the peer configs.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumBGPAdvertisement',
  scope: 'cluster',
  ...ciliumProperties('CiliumBGPAdvertisement'),
});

export const ciliumBgpClusterConfig = defineKind({
  type: 'cilium-bgpclusterconfig',
  description: 'A CiliumBGPClusterConfig (cilium.io/v2): the BGP instances and peers of the selected nodes.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumBGPClusterConfig',
  scope: 'cluster',
  ...ciliumProperties('CiliumBGPClusterConfig'),
});

export const ciliumBgpPeerConfig = defineKind({
  type: 'cilium-bgppeerconfig',
  description: 'A CiliumBGPPeerConfig (cilium.io/v2): the settings of the BGP peers that reference it.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumBGPPeerConfig',
  scope: 'cluster',
  ...ciliumProperties('CiliumBGPPeerConfig'),
});

export const ciliumBgpNodeConfigOverride = defineKind({
  type: 'cilium-bgpnodeconfigoverride',
  description: 'A CiliumBGPNodeConfigOverride (cilium.io/v2): per-node overrides of the BGP instances. Its objectName is the node it overrides.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumBGPNodeConfigOverride',
  scope: 'cluster',
  ...ciliumProperties('CiliumBGPNodeConfigOverride'),
});
