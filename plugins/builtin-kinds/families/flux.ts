import type { ComponentHandler } from 'kurel/plugin-api';
import { helmtemplate } from './charts/helmtemplate.js';
import { kinds as escapeHatches } from './escape-hatches.js';
import { artifacts } from './flux/artifacts.js';
import { helm } from './flux/helmrelease.js';
import { image } from './flux/image.js';
import { kustomize } from './flux/kustomization.js';
import { notification } from './flux/notification.js';
import { sources } from './flux/sources.js';
import { kinds as metallb } from './metallb.js';
import { kinds as volsync } from './volsync.js';

// The Flux kinds (source, helm, kustomize, notification, image, artifact and Flux Operator APIs),
// with the VolSync and MetalLB kinds, the escape hatches and charts rendered at build time kept beside them. The schemas of
// the Flux controllers' kinds and the Flux Operator's ResourceSetInputProvider are generated from
// their CRDs (crds/flux-*).
export const kinds: ComponentHandler<any>[] = [...sources, ...helm, ...kustomize, ...notification, ...image, ...artifacts, ...volsync, ...metallb, ...escapeHatches, helmtemplate];
