import type { OverlayEntry } from '../../../shared/crd-overlay.js';

// Where the reference's CloudNativePG kinds depart from the v1.30.0 CRDs.

export const clusterOverlay: readonly OverlayEntry[] = [
  { path: 'instances', change: 'default', value: 1, why: "the reference writes the operator's own default of one instance" },
];

const ensurePresent = (list: string): OverlayEntry => ({
  path: `${list}[].ensure`,
  change: 'default',
  value: 'present',
  why: 'the reference writes that a database object it declares is present',
});

export const databaseOverlay: readonly OverlayEntry[] = ['schemas', 'extensions', 'fdws', 'servers'].map(ensurePresent);
