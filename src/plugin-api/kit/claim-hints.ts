/**
 * Why a PersistentVolumeClaim built from properties does not take a field of the claim spec under
 * its own name: the persistentvolumeclaim kind's answer, which the pvc trait and a StatefulSet's
 * claim templates give too, since they project the same spec.
 */
export const CLAIM_HINTS: Readonly<Record<string, string>> = Object.freeze({
  dataSource:
    'not authorable — superseded by dataSourceRef, which the apiserver mirrors back into dataSource when dataSourceRef sets no namespace (and requires dataSource to stay empty when it does); author dataSourceRef instead',
});
