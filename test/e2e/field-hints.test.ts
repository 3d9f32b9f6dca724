import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kurelIn, scratchFolder } from './support.js';
import { daemonsetHints, deploymentHints, jobHints, statefulsetHints } from '../../plugins/builtin-components/refused-fields.js';

// A field of the Kubernetes type a workload component projects, written under its upstream name
// where the component does not read it, is refused with the reason: at the top level and below it.

const scratch = scratchFolder('kurel-field-hints-');

const IMAGES: Record<string, string> = {
  webservice: 'port: 8080',
  worker: '',
  deployment: '',
  statefulset: '',
  daemonset: '',
  job: '',
  cronjob: 'schedule: "0 3 * * *"',
  persistentvolumeclaim: 'size: 1Gi',
  helmchart: 'chart: podinfo\n        interval: 1h\n        sourceRef: {kind: HelmRepository, name: podinfo}',
};

/** The types whose properties hold no main container. */
const NO_IMAGE = new Set(['persistentvolumeclaim', 'helmchart']);

interface Case {
  type: string;
  /** The refused field as YAML, written under properties. */
  field: string;
  /** Where the refusal is placed, under properties. */
  at: string;
  /** What follows the refusal's allowed list. */
  hint: string;
  /** A trait of this type holds the field, on a webservice component of the case's type. */
  trait?: string;
}

const top = (types: string[], hints: Record<string, string>): Case[] =>
  types.flatMap((type) => Object.entries(hints).map(([key, hint]) => ({ type, field: `${key}: {}`, at: key, hint: `; ${key}: ${hint}` })));

const claimDataSource =
  '; dataSource: not authorable — superseded by dataSourceRef, which the apiserver mirrors back into dataSource when dataSourceRef sets no namespace (and requires dataSource to stay empty when it does); author dataSourceRef instead';

const shorthand =
  'on this component type affinity is a shorthand of four keys (enablePodAntiAffinity, topologyKey, podAntiAffinityType, nodeSelector), not a Kubernetes Affinity; an affinity in the Kubernetes shape is authored on a deployment, statefulset, daemonset, job or cronjob component';

const cases: Case[] = [
  // The seed's own two examples, word for word.
  { type: 'job', field: 'scheduling: {}', at: 'scheduling', hint: '; scheduling: not read by this component — alpha upstream, behind the WorkloadWithJob feature gate' },
  { type: 'webservice', field: 'affinity: {nodeAffinity: {}}', at: 'affinity.nodeAffinity', hint: `; affinity.nodeAffinity: not read — the shorthand's nodeSelector is a required node affinity on the labels it lists; ${shorthand}` },
  { type: 'worker', field: 'affinity: {podAffinity: {}}', at: 'affinity.podAffinity', hint: `; affinity.podAffinity: not read — the shorthand has no pod affinity; ${shorthand}` },
  {
    type: 'webservice',
    field: 'affinity: {podAntiAffinity: {}}',
    at: 'affinity.podAntiAffinity',
    hint: `; affinity.podAntiAffinity: not read — enablePodAntiAffinity, topologyKey and podAntiAffinityType are the shorthand's anti-affinity to the component's own pods; ${shorthand}`,
  },
  ...['webservice', 'deployment', 'statefulset', 'job'].map((type) => ({
    type,
    field: 'resources: {claims: []}',
    at: 'resources.claims',
    hint: "; resources.claims: not read by this component — an entry names one of the pod's resourceClaims, and a container's resources are read without them; upstream puts the field behind the DynamicResourceAllocation feature gate",
  })),
  {
    type: 'statefulset',
    field: 'volumeClaimTemplates: [{name: data, size: 1Gi, mountPath: /data, dataSource: {}}]',
    at: 'volumeClaimTemplates[0].dataSource',
    hint: claimDataSource,
  },
  {
    type: 'statefulset',
    field: 'volumeClaimTemplates: [{name: data, size: 1Gi, mountPath: /data, volumeName: pv-1}]',
    at: 'volumeClaimTemplates[0].volumeName',
    hint: '; volumeName: not authorable — pre-binding a claim template to a named PersistentVolume would point every replica at the same volume; omit it and let the provisioner bind each ordinal',
  },
  {
    type: 'statefulset',
    field: 'volumeClaimTemplates: [{name: data, size: 1Gi, mountPath: /data, volumeMount: /data}]',
    at: 'volumeClaimTemplates[0].volumeMount',
    hint: '; volumeMount: not authorable — not a claim-spec field; use mountPath',
  },
  { type: 'persistentvolumeclaim', field: 'dataSource: {}', at: 'dataSource', hint: claimDataSource },
  // Seed: "the pvc trait with the persistentvolumeclaim kind's".
  { type: 'webservice', trait: 'pvc', field: 'dataSource: {}', at: 'dataSource', hint: claimDataSource },
  // Seed: "helmchart and helmrelease point a removed key to its replacement".
  ...['source', 'values', 'secretValues', 'releaseName'].map((key) => ({
    type: 'helmchart',
    field: `${key}: {}`,
    at: key,
    hint: `; ${key}: type helmchart is the Flux HelmChart kind; the Helm chart component that took source and values is now type helm`,
  })),
  ...top(['webservice', 'worker', 'deployment'], deploymentHints),
  // Their selector is above; both read volumeMounts as a property of their own, so it is never refused.
  ...top(['statefulset'], statefulsetHints).filter(({ at }) => at !== 'selector' && at !== 'volumeMounts'),
  ...top(['daemonset'], daemonsetHints).filter(({ at }) => at !== 'selector' && at !== 'volumeMounts'),
  ...['StatefulSet', 'DaemonSet'].map((kind) => ({
    type: kind.toLowerCase(),
    field: 'selector: {}',
    at: 'selector',
    hint: `; selector: not authorable; the ${kind} selector is builder-managed (app: <component>), must equal the generated template labels and is immutable once created`,
  })),
  ...top(['job', 'cronjob'], jobHints),
];

const application = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: hints
spec:
  components:
${cases
  .map(
    ({ type, field, trait }, index) => `    - name: c${index}
      type: ${type}
      properties:
${NO_IMAGE.has(type) ? '' : '        image: ghcr.io/acme/app:v1\n'}${IMAGES[type] ? `        ${IMAGES[type]}\n` : ''}${trait ? `      traits:\n        - type: ${trait}\n          properties:\n            name: data\n            ${field}\n` : `        ${field}\n`}`,
  )
  .join('')}`;

let lines: string[] = [];

beforeAll(() => {
  writeFileSync(join(scratch.dir, 'app.yaml'), application);
  const result = kurelIn(scratch.dir, ['validate', 'app.yaml']);
  expect(result.status).toBe(1);
  lines = result.stderr.trimEnd().split('\n');
});

describe('hints on refused upstream fields', () => {
  it('refuses each case once, and nothing else', () => {
    expect(lines).toHaveLength(cases.length);
  });

  it.each(cases.map((entry, index) => ({ ...entry, index, on: entry.trait ? `trait ${entry.trait}` : entry.type })))('$on $at', ({ type, at, hint, index, trait }) => {
    const key = at.split('.').pop()?.replace(/\[\d+\]$/, '') ?? at;
    const line = lines.find((text) => text.includes(` spec.components[${index}].${trait ? 'traits[0].' : ''}properties.${at}: `));
    expect(line).toBeDefined();
    expect(line).toContain(`component "c${index}" ${trait ? `trait "${trait}"` : `(type "${type}")`}: unsupported field "${key}" (`);
    expect(line?.endsWith(hint)).toBe(true);
  });
});
