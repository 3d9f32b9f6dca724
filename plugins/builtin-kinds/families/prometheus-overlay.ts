import type { OverlayEntry } from '../shared/crd-overlay.js';

// Where the reference's Prometheus operator kinds depart from the v0.93.0 CRDs.

export const probeOverlay: readonly OverlayEntry[] = [
  { path: 'prober', change: 'required', why: 'the reference requires the prober a Probe scrapes through' },
];

export const alertmanagerOverlay: readonly OverlayEntry[] = [
  { path: 'baseImage', change: 'refused', why: 'deprecated upstream; the reference refuses it: name the image with image' },
  { path: 'tag', change: 'refused', why: 'deprecated upstream; the reference refuses it: name the image with image' },
  { path: 'sha', change: 'refused', why: 'deprecated upstream; the reference refuses it: name the image with image' },
];
