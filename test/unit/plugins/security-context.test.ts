import { describe, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';
import { securityContext } from '../../../plugins/builtin-traits/security-context.js';
import { DEFAULT_RESOURCES, deploymentObject } from './isolated-fixtures.js';

// The built-ins' kinds say where their pod templates are, as the registry would.
const tester = new HandlerTester({ plugins: SOURCE_BUILTINS });
const RESTRICTED = { allowPrivilegeEscalation: false, runAsNonRoot: true, capabilities: { drop: ['ALL'] }, seccompProfile: { type: 'RuntimeDefault' } };
const init = { name: 'init', image: 'busybox', securityContext: { privileged: true } };
const component = (pod: Record<string, unknown> = {}) => ({
  name: 'api',
  type: 'deployment',
  objects: [deploymentObject('api', { container: { securityContext: { runAsUser: 0 } }, pod: { initContainers: [init], ...pod } })],
});
const expected = (settings: Record<string, unknown> | undefined, pod: Record<string, unknown> = {}) =>
  deploymentObject('api', {
    container: settings ? { securityContext: settings } : {},
    pod: { initContainers: [settings ? { ...init, securityContext: settings } : { name: 'init', image: 'busybox' }], ...pod },
  });

describe('security-context trait', () => {
  it('rewrites every container and init container to the restricted level by default, fsGroup on the pod', () => {
    tester.runTrait(securityContext, [
      { component: component(), properties: {}, objects: [], componentObjects: [expected(RESTRICTED)] },
      {
        component: component({ securityContext: { runAsUser: 5 } }),
        properties: { readOnlyRootFilesystem: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 2000 },
        componentObjects: [expected({ ...RESTRICTED, readOnlyRootFilesystem: true, runAsUser: 1000, runAsGroup: 1000 }, { securityContext: { runAsUser: 5, fsGroup: 2000 } })],
      },
    ]);
  });

  it('takes the baseline and privileged levels with the explicit settings only', () => {
    tester.runTrait(securityContext, [
      { component: component(), properties: { psaLevel: 'baseline', allowPrivilegeEscalation: true }, componentObjects: [expected({ privileged: false, allowPrivilegeEscalation: true })] },
      { component: component(), properties: { psaLevel: 'privileged', runAsNonRoot: false }, componentObjects: [expected({ runAsNonRoot: false })] },
      { component: component(), properties: { psaLevel: 'privileged' }, componentObjects: [expected(undefined)] },
    ]);
  });

  it('gives a Windows pod only runAsNonRoot', () => {
    const windows = { os: { name: 'windows' } };
    tester.runTrait(securityContext, [
      { component: component(windows), properties: { runAsUser: 1000, fsGroup: 2000 }, componentObjects: [expected({ runAsNonRoot: true }, windows)] },
      { component: component(windows), properties: { psaLevel: 'privileged', runAsUser: 1000 }, componentObjects: [expected(undefined, windows)] },
    ]);
  });

  it('acts on a CronJob pod template too', () => {
    const cronjob = (container: Record<string, unknown>) => ({
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'nightly', namespace: 'default', labels: { app: 'nightly' } },
      spec: { schedule: '@daily', jobTemplate: { spec: { template: { metadata: { labels: { app: 'nightly' } }, spec: { containers: [{ name: 'nightly', resources: DEFAULT_RESOURCES, ...container }] } } } } },
    });
    tester.runTrait(securityContext, [
      { component: { name: 'nightly', type: 'cronjob', objects: [cronjob({})] }, properties: {}, componentObjects: [cronjob({ securityContext: RESTRICTED })] },
    ]);
  });

  it('refuses what contradicts the level, negative ids and a component with no pods', () => {
    tester.runTrait(securityContext, [
      { title: 'root', component: component(), properties: { runAsNonRoot: false }, error: { message: 'runAsNonRoot: false is not allowed under psaLevel restricted', path: ['runAsNonRoot'] } },
      {
        title: 'escalation',
        component: component(),
        properties: { allowPrivilegeEscalation: true },
        error: { message: 'allowPrivilegeEscalation: true is not allowed under psaLevel restricted', path: ['allowPrivilegeEscalation'] },
      },
      { title: 'uid 0', component: component(), properties: { runAsUser: 0 }, error: { message: 'runAsUser: 0 (root) contradicts runAsNonRoot: true', path: ['runAsUser'] } },
      { title: 'negative', component: component(), properties: { psaLevel: 'privileged', fsGroup: -1 }, error: { message: 'fsGroup must be >= 0, got -1', path: ['fsGroup'] } },
      { title: 'level', component: component(), properties: { psaLevel: 'strict' }, error: { message: /must be one of: restricted, baseline, privileged/ } },
      { title: 'no pods', component: { name: 'cfg', type: 'configmap', objects: [] }, properties: {}, error: { message: 'security-context: component "cfg" generates no pods the trait can act on' } },
    ]);
  });
});
