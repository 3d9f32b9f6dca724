import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import builtinComponents from '../../plugins/builtin-components/index.js';
import builtinKinds from '../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../plugins/builtin-policies/index.js';
import builtinTraits from '../../plugins/builtin-traits/index.js';
import { build } from '../../src/engine/build.js';
import { registryOf } from '../unit/engine/support.js';
import { referenceExamples } from './shared.js';

const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);

describe('the helm rule on the reference example', () => {
  // The reference example 11 predates the rename: its `helmchart` type was then the Helm-release
  // composite, which is now the `helm` type (`helmchart` is the kind-named Flux HelmChart), so it
  // is built with `type: helm`.
  it('builds reference example 11-helmchart as the helm type', () => {
    const text = readFileSync(join(referenceExamples, '11-helmchart.yaml'), 'utf8');
    const result = build({ application: { file: 'app.yaml', text: text.replace('type: helmchart', 'type: helm') }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry);
    expect(result.objects.map((o) => o.kind)).toEqual(['HelmRepository', 'HelmRelease']);
    const [source, release] = result.objects as any[];
    expect(source.spec).toEqual({ interval: '1h0m0s', url: 'https://charts.bitnami.com/bitnami' });
    expect(release.spec.chart.spec).toEqual({ chart: 'redis', version: '18.6.1', sourceRef: { kind: 'HelmRepository', name: source.metadata.name } });
    expect(release.spec.values.master.persistence.size).toBe('8Gi');
  });
});
