import { nested, OMIT_ZERO, type GoShape } from './go-encoding.js';

// Where Kubernetes core types, embedded in CRD kinds, write what was not authored. Their other
// members are pointers, `omitempty` collections, or required by the CRD's schema.

/** corev1.PodSecurityContext: the SELinux labels are non-pointer `omitempty` strings. */
export const podSecurityContextGo: GoShape = {
  seLinuxOptions: nested({ user: OMIT_ZERO, role: OMIT_ZERO, type: OMIT_ZERO, level: OMIT_ZERO }),
};
