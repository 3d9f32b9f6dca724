import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from './support.js';

// kurel explain lists only what happened: a trait that changed nothing is not shown as acting, and
// a source a rule generated is named after the authored component that caused it.

const scratch = scratchFolder('kurel-explain-effects-');

const application = (components: string) => `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
${components}`;

function explainApp(name: string, components: string, ...args: string[]) {
  const file = join(scratch.dir, `${name}.yaml`);
  writeFileSync(file, application(components));
  return kurelIn(scratch.dir, ['explain', file, ...args]);
}

interface TraitStep { type: string; rule: string; emitted: string[]; changed: string[]; intent?: string }
interface Explained {
  components: Array<{ name: string; members: Array<{ traits: TraitStep[] }>; objects: Array<{ kind: string; name: string; producer: string }> }>;
}

describe('kurel explain shows only what happened', () => {
  it('leaves out the spread a webservice of one replica does not get, in examples/shop', () => {
    const result = kurelIn(repo, ['explain', 'examples/shop', '--environment', 'staging']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('trait topology-spread');
    expect(result.stdout).toContain('      trait ingress emitted by trait/expose@v1alpha1 -> Ingress/web-ingress\n');
    const json = JSON.parse(kurelIn(repo, ['explain', 'examples/shop', '--environment', 'staging', '--json']).stdout) as Explained;
    const traits = json.components.flatMap((chain) => chain.members.flatMap((member) => member.traits));
    expect(traits.map((trait) => trait.type)).toEqual(['ingress']);
  });

  it('names the object a trait changed when it acted', () => {
    const result = explainApp('spread', '    - {name: api, type: worker, properties: {image: "ghcr.io/example/api:v1", replicas: 3}}\n');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('      trait topology-spread emitted by component/worker@v1alpha1 changed Deployment/api\n');
    const json = JSON.parse(explainApp('spread', '    - {name: api, type: worker, properties: {image: "ghcr.io/example/api:v1", replicas: 3}}\n', '--json').stdout) as Explained;
    expect(json.components[0].members[0].traits).toEqual([{ type: 'topology-spread', rule: 'component/worker@v1alpha1', emitted: [], changed: ['Deployment/api'] }]);
  });

  it('says so when a trait the author wrote changed nothing, and names an intent a trait set', () => {
    const result = explainApp('authored', '    - name: jobs\n      type: deployment\n      properties: {image: "ghcr.io/example/jobs:v1"}\n      traits: [{type: topology-spread}, {type: prune-protection}]\n');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('      trait topology-spread changed nothing\n      trait prune-protection sets delivery intent prune-protection\n');
  });

  it('names the HelmRepository a rule generated after the component that caused it, in examples/shop', () => {
    const result = kurelIn(repo, ['explain', 'examples/shop', '--environment', 'staging']);
    expect(result.stdout).toMatch(/\n {6}HelmRepository\/shop-source-[0-9a-f]{10} {2}in shop, from rule component\/helm@v1alpha1 of component "db"\n/);
    expect(result.stdout).not.toMatch(/from component "shop-source-/);
    expect(result.stdout).toMatch(/\n {4}shop \(before every group\): shop-source-[0-9a-f]{10} \(from component "db"\)\n/);
  });

  it('names every component that reads a shared source', () => {
    const helm = (name: string, chart: string) => `    - {name: ${name}, type: helm, properties: {chart: ${chart}, version: 1.0.0, source: {url: "https://charts.example.com"}}}\n`;
    const result = explainApp('shared', helm('db', 'postgresql') + helm('cache', 'redis'), '--json');
    expect(result.status, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as Explained;
    const source = json.components.flatMap((chain) => chain.objects).find((object) => object.kind === 'HelmRepository');
    expect(source?.producer).toBe('rule component/helm@v1alpha1 of component "db", a source shared by "db", "cache"');
  });
});
