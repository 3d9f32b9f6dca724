import type { ObjectLayout } from '../object-layout.js';

/** The API group of an apiVersion: empty for the core group (`v1`). */
export function apiGroupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash > 0 ? apiVersion.slice(0, slash) : '';
}

/** Whether a declaration says anything about where its objects hold metadata. */
export function declaresLayout(layout: ObjectLayout): boolean {
  return layout.podTemplate !== undefined || (layout.metadataHolders?.length ?? 0) > 0 || layout.postRenderers !== undefined;
}
