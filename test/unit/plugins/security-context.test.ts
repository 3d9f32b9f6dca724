import { describe, it } from 'vitest';
import type { K8sObject } from 'kurel/plugin-api';
import { builtinTester } from '../../support/engine.js';
import { carrying, COMPONENT_LABEL, DEFAULT_RESOURCES, deploymentObject } from './fixtures.js';

// The init container runs privileged, which only an environment policy allowing it lets through.
const tester = builtinTester('traits', { policy: { allowPrivileged: () => true } });
const RESTRICTED = { allowPrivilegeEscalation: false, runAsNonRoot: true, capabilities: { drop: ['ALL'] }, seccompProfile: { type: 'RuntimeDefault' } };
const init = { name: 'init', image: 'busybox:1.36', securityContext: { privileged: true } };
const component = (pod: Record<string, unknown> = {}) => carrying('api', deploymentObject('api', { container: { securityContext: { runAsUser: 0 } }, pod: { initContainers: [init], ...pod } }));
const expected = (settings: Record<string, unknown> | undefined, pod: Record<string, unknown> = {}) => [
  deploymentObject('api', {
    container: settings ? { securityContext: settings } : {},
    pod: { initContainers: [settings ? { ...init, securityContext: settings } : { name: 'init', image: 'busybox:1.36' }], ...pod },
  }),
];
const refused = (message: string) => `component "api" trait "security-context": ${message}`;

describe('security-context trait', () => {
  it('rewrites every container and init container to the restricted level by default, fsGroup on the pod', async () => {
    await tester.runTrait('security-context', [
      { component: component(), properties: {}, objects: expected(RESTRICTED) },
      {
        component: component({ securityContext: { runAsUser: 5 } }),
        properties: { readOnlyRootFilesystem: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 2000 },
        objects: expected({ ...RESTRICTED, readOnlyRootFilesystem: true, runAsUser: 1000, runAsGroup: 1000 }, { securityContext: { runAsUser: 5, fsGroup: 2000 } }),
      },
    ]);
  });

  it('takes the baseline and privileged levels with the explicit settings only', async () => {
    await tester.runTrait('security-context', [
      { component: component(), properties: { psaLevel: 'baseline', allowPrivilegeEscalation: true }, objects: expected({ privileged: false, allowPrivilegeEscalation: true }) },
      { component: component(), properties: { psaLevel: 'privileged', runAsNonRoot: false }, objects: expected({ runAsNonRoot: false }) },
      { component: component(), properties: { psaLevel: 'privileged' }, objects: expected(undefined) },
    ]);
  });

  it('gives a Windows pod only runAsNonRoot', async () => {
    const windows = { os: { name: 'windows' } };
    await tester.runTrait('security-context', [
      { component: component(windows), properties: { runAsUser: 1000, fsGroup: 2000 }, objects: expected({ runAsNonRoot: true }, windows) },
      { component: component(windows), properties: { psaLevel: 'privileged', runAsUser: 1000 }, objects: expected(undefined, windows) },
    ]);
  });

  it('acts on a CronJob pod template too', async () => {
    const labels = { app: 'nightly', [COMPONENT_LABEL]: 'nightly' };
    const cronjob = (container: Record<string, unknown>): K8sObject => ({
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'nightly', namespace: 'default', labels },
      spec: { schedule: '@daily', jobTemplate: { metadata: { labels: { [COMPONENT_LABEL]: 'nightly' } }, spec: { template: { metadata: { labels }, spec: { containers: [{ name: 'nightly', image: 'busybox:1.36', resources: DEFAULT_RESOURCES, ...container }] } } } } },
    });
    const written = cronjob({}) as K8sObject & { spec: { jobTemplate: { metadata?: unknown; spec: { template: { metadata: { labels: Record<string, string> } } } } } };
    written.spec.jobTemplate.spec.template.metadata.labels = { app: 'nightly' };
    delete (written.spec.jobTemplate as { metadata?: unknown }).metadata;
    await tester.runTrait('security-context', [{ component: carrying('nightly', written), properties: {}, objects: [cronjob({ securityContext: RESTRICTED })] }]);
  });

  it('refuses what contradicts the level, negative ids and a component with no pods', async () => {
    await tester.runTrait('security-context', [
      { title: 'root', component: component(), properties: { runAsNonRoot: false }, error: { code: 'KUREL_HANDLER_REFUSED', message: refused('runAsNonRoot: false is not allowed under psaLevel restricted'), property: ['runAsNonRoot'] } },
      {
        title: 'escalation',
        component: component(),
        properties: { allowPrivilegeEscalation: true },
        error: { message: refused('allowPrivilegeEscalation: true is not allowed under psaLevel restricted'), property: ['allowPrivilegeEscalation'] },
      },
      { title: 'uid 0', component: component(), properties: { runAsUser: 0 }, error: { message: refused('runAsUser: 0 (root) contradicts runAsNonRoot: true'), property: ['runAsUser'] } },
      { title: 'negative', component: component(), properties: { psaLevel: 'privileged', fsGroup: -1 }, error: { message: refused('fsGroup must be >= 0, got -1'), property: ['fsGroup'] } },
      { title: 'level', component: component(), properties: { psaLevel: 'strict' }, error: { code: 'KUREL_PROPERTY', message: /must be one of: restricted, baseline, privileged/, property: ['psaLevel'] } },
      {
        title: 'no pods',
        component: { name: 'cfg', type: 'configmap', properties: { data: { a: 'b' } } },
        properties: {},
        error: { code: 'KUREL_HANDLER_REFUSED', message: 'component "cfg" trait "security-context": security-context: component "cfg" generates no pods the trait can act on' },
      },
    ]);
  });
});
