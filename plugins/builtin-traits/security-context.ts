import { defineTrait, type HandlerContext, type JsonObject } from 'kurel/plugin-api';
import { copyData, podTemplatesOf } from 'kurel/plugin-kit';

const LEVELS = ['restricted', 'baseline', 'privileged'];

/** The container settings a Pod Security Standard level asks for, before the authored ones. */
function levelDefaults(level: string): JsonObject {
  if (level === 'restricted') {
    return { allowPrivilegeEscalation: false, runAsNonRoot: true, capabilities: { drop: ['ALL'] }, seccompProfile: { type: 'RuntimeDefault' } };
  }
  if (level === 'baseline') return { privileged: false };
  return {};
}

/**
 * Rewrites the securityContext of every container and init container of the component's pods
 * (it replaces what was there: the trait is the last writer). fsGroup goes on the pod's own
 * securityContext. A Windows pod takes only runAsNonRoot, the one field of these Windows reads.
 */
export const securityContext = defineTrait({
  type: 'security-context',
  description: "Set the securityContext of every container of the component's pods from a Pod Security Standard level and explicit settings.",
  example: { psaLevel: 'restricted', readOnlyRootFilesystem: true, runAsUser: 10001, fsGroup: 10001 },
  contract: { family: 'security-context', version: 'v1alpha1' },
  properties: {
    psaLevel: {
      type: 'string',
      enum: LEVELS,
      default: 'restricted',
      description:
        'Pod Security Standard level: restricted (no privilege escalation, runs as non-root, drops ALL capabilities, RuntimeDefault seccomp), baseline (not privileged) or privileged (only the explicit settings).',
    },
    runAsNonRoot: { type: 'boolean', description: 'Require the containers to run as a non-root user; true under restricted.' },
    allowPrivilegeEscalation: { type: 'boolean', description: 'Whether a process may gain more privileges than its parent; false under restricted.' },
    readOnlyRootFilesystem: { type: 'boolean', description: "Mount the containers' root filesystem read-only." },
    runAsUser: { type: 'integer', description: 'UID the containers run as, 0 or more.' },
    runAsGroup: { type: 'integer', description: 'GID the containers run as, 0 or more.' },
    fsGroup: { type: 'integer', description: "GID owning the pod's volumes, set on the pod's securityContext; 0 or more." },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    const pods = podTemplatesOf(component.objects, ctx);
    if (pods.length === 0) ctx.fail(`security-context: component "${component.name}" generates no pods the trait can act on`);
    for (const key of ['runAsUser', 'runAsGroup', 'fsGroup'] as const) {
      if (props[key] !== undefined && props[key] < 0) ctx.fail(`${key} must be >= 0, got ${props[key]}`, [key]);
    }
    const level: string = props.psaLevel;
    const container: JsonObject = { ...levelDefaults(level) };
    for (const key of ['runAsNonRoot', 'allowPrivilegeEscalation', 'readOnlyRootFilesystem', 'runAsUser', 'runAsGroup'] as const) {
      if (props[key] !== undefined) container[key] = props[key];
    }
    check(level, container, ctx);

    for (const pod of pods) {
      const windows = (pod.spec.os as { name?: string } | undefined)?.name === 'windows';
      const settings: JsonObject = windows ? (container.runAsNonRoot === undefined ? {} : { runAsNonRoot: container.runAsNonRoot }) : container;
      for (const key of ['initContainers', 'containers']) {
        for (const each of (pod.spec[key] as JsonObject[] | undefined) ?? []) {
          if (Object.keys(settings).length > 0) each.securityContext = copyData(settings);
          else delete each.securityContext;
        }
      }
      if (!windows && props.fsGroup !== undefined) pod.spec.securityContext = { ...(pod.spec.securityContext ?? {}), fsGroup: props.fsGroup };
    }
  },
});

function check(level: string, container: JsonObject, ctx: HandlerContext): void {
  if (level === 'restricted') {
    if (container.runAsNonRoot === false) ctx.fail('runAsNonRoot: false is not allowed under psaLevel restricted', ['runAsNonRoot']);
    if (container.allowPrivilegeEscalation === true) ctx.fail('allowPrivilegeEscalation: true is not allowed under psaLevel restricted', ['allowPrivilegeEscalation']);
  }
  if (container.runAsNonRoot === true && container.runAsUser === 0) {
    ctx.fail('runAsUser: 0 (root) contradicts runAsNonRoot: true', ['runAsUser']);
  }
}
