import { meta } from './support.js';
import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/prometheus.js';
import { alertmanagerOverlay, probeOverlay } from '../../../plugins/builtin-kinds/families/prometheus-overlay.js';
import { buildSamples } from './upstream-samples.js';

const tester = builtinTester('kinds', { namespace: 'shop' });
const kind = (type: string) => kinds.find((handler) => handler.type === type)!;
const spec = async (type: string, properties: Record<string, unknown>) => (await rendered(tester, kind(type).type, 'm', properties)).objects[0].spec;

describe('Prometheus operator kinds', () => {
  it('declare six kinds of monitoring.coreos.com/v1, the probe as Probe', async () => {
    expect(kinds.map((handler) => [handler.type, handler.object?.kind])).toEqual([
      ['servicemonitor', 'ServiceMonitor'],
      ['podmonitor', 'PodMonitor'],
      ['prometheus-probe', 'Probe'],
      ['prometheusrule', 'PrometheusRule'],
      ['alertmanager', 'Alertmanager'],
      ['thanosruler', 'ThanosRuler'],
    ]);
    expect(new Set(kinds.map((handler) => handler.object?.apiVersion))).toEqual(new Set(['monitoring.coreos.com/v1']));
  });

  it('renders a ServiceMonitor as its Go type writes it', async () => {
    await tester.runComponent(kind('servicemonitor').type, [
      {
        name: 'api',
        properties: { selector: { matchLabels: { app: 'api' } }, endpoints: [{ port: 'metrics', honorLabels: false, interval: '30s' }], keepDroppedTargets: 10 },
        objects: [
          {
            apiVersion: 'monitoring.coreos.com/v1',
            kind: 'ServiceMonitor',
            metadata: meta('api', 'shop'),
            spec: { selector: { matchLabels: { app: 'api' } }, endpoints: [{ port: 'metrics', interval: '30s' }], keepDroppedTargets: 10, namespaceSelector: {} },
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', async () => {
    await tester.runComponent(kind('podmonitor').type, [
      {
        properties: { selector: {}, podMetricsEndpoints: [{ port: 'metrics', relabelings: [{ action: 'keep', sourceLabel: 'x' }] }] },
        error: { code: 'KUREL_PROPERTY', message: /unsupported field "sourceLabel"/, property: ['podMetricsEndpoints', 0, 'relabelings', 0, 'sourceLabel'] },
      },
    ]);
  });

  it('writes the fields the Go types always hold', async () => {
    expect((await spec('podmonitor', { selector: {} }))).toEqual({ selector: {}, namespaceSelector: {}, podMetricsEndpoints: null });
    expect((await spec('prometheus-probe', { prober: { url: 'blackbox:9115' } }))).toEqual({ prober: { url: 'blackbox:9115' }, targets: {} });
    expect((await spec('prometheusrule', { groups: [{ name: 'empty' }] }))).toEqual({ groups: [{ name: 'empty', rules: null }] });
    const endpoint = { port: 'https', tlsConfig: { serverName: 'api' }, basicAuth: { username: { name: 'scrape', key: 'user' } } };
    expect((await spec('servicemonitor', { selector: {}, endpoints: [endpoint] }))).toEqual({
      selector: {},
      namespaceSelector: {},
      endpoints: [{ port: 'https', tlsConfig: { ca: {}, cert: {}, serverName: 'api' }, basicAuth: { username: { name: 'scrape', key: 'user' }, password: { key: '' } } }],
    });
    expect((await spec('alertmanager', { storage: { emptyDir: {} }, containers: [{ name: 'config-reloader' }], paused: false }))).toEqual({
      storage: { emptyDir: {}, volumeClaimTemplate: { metadata: {}, spec: { resources: {} }, status: {} } },
      containers: [{ name: 'config-reloader', resources: {} }],
      resources: {},
      alertmanagerConfigMatcherStrategy: {},
    });
  });

  it('takes a ThanosRuler\'s external labels as externalLabels, and fills the group of an exclusion', async () => {
    await tester.runComponent(kind('thanosruler').type, [
      {
        name: 'rules',
        properties: { labels: { team: 'a' }, externalLabels: { cluster: 'eu-1' }, excludedFromEnforcement: [{ resource: 'probes', namespace: 'monitoring' }] },
        objects: [
          {
            apiVersion: 'monitoring.coreos.com/v1',
            kind: 'ThanosRuler',
            metadata: { name: 'rules', namespace: 'shop', labels: { team: 'a', 'launcher.gokure.dev/component': 'rules' } },
            spec: { labels: { cluster: 'eu-1' }, excludedFromEnforcement: [{ group: 'monitoring.coreos.com', resource: 'probes', namespace: 'monitoring' }], resources: {} },
          },
        ],
      },
    ]);
  });

  it('refuses what the operator would not carry or cannot run', async () => {
    await tester.runComponent(kind('alertmanager').type, [
      { title: 'deprecated image parts', properties: { tag: 'v0.28.1' }, error: { message: /unsupported field "tag"/, property: ['tag'] } },
      { title: 'image without version', properties: { image: 'quay.io/prometheus/alertmanager:v0.28.1' }, error: { message: /^component "web": version: required/, property: ['version'] } },
      { title: 'version of major 1', properties: { version: 'v1.0.0' }, error: { message: /is not supported by the Prometheus operator/, property: ['version'] } },
      { title: 'unparsable version', properties: { version: 'latest' }, error: { message: /is not a version the Prometheus operator can parse/, property: ['version'] } },
      { title: 'empty retention', properties: { retention: '' }, error: { message: /^component "web": retention: "" cannot be carried/, property: ['retention'] } },
      { title: 'zero retention', properties: { retention: '0s' }, error: { message: /is not a positive duration/, property: ['retention'] } },
      { title: 'negative replicas', properties: { replicas: -1 }, error: { message: /^component "web": replicas: -1 is below 0/, property: ['replicas'] } },
      { title: 'empty matcher strategy', properties: { alertmanagerConfigMatcherStrategy: { type: '' } }, error: { message: /"" is not allowed/ } },
    ]);
    await tester.runComponent(kind('servicemonitor').type, [
      {
        properties: { selector: {}, endpoints: [{ relabelings: [{ action: '' }] }] },
        error: { code: 'KUREL_PROPERTY', message: /"" is not allowed/, property: ['endpoints', 0, 'relabelings', 0, 'action'] },
      },
    ]);
    await tester.runComponent(kind('prometheus-probe').type, [{ properties: { targets: {} }, error: { message: 'component "web" (type "prometheus-probe"): "prober" is required' } }]);
    await tester.runComponent(kind('thanosruler').type, [{ properties: { evaluationInterval: '' }, error: { property: ['evaluationInterval'] } }]);
    const long = 'a'.repeat(50);
    await tester.runComponent(kind('alertmanager').type, [
      { title: 'data volume of a long name', name: long, properties: {}, error: { message: new RegExp(`^component "${long}": alertmanager "${long}": the component name is the Alertmanager's name, and the Prometheus operator names the data volume`) } },
      { title: 'long object name', properties: { objectName: long }, error: { message: /^component "web": objectName: "a+" is not a valid name for this Alertmanager/, property: ['objectName'] } },
      { title: 'a claim template names the volume', name: 'a'.repeat(45), properties: { storage: { volumeClaimTemplate: { metadata: { name: 'data' } } } } },
    ]);
  });

  it("builds upstream's own example objects (prometheus-operator/prometheus-operator example/ at v0.93.0)", async () => {
    const rendered = await buildSamples(kinds, 'prometheus-operator', ['monitoring.coreos.com']);
    expect(new Set(rendered.map(({ object }) => object.kind))).toEqual(new Set(['ServiceMonitor', 'PodMonitor', 'PrometheusRule', 'Alertmanager', 'ThanosRuler']));
    for (const { file, authored, object } of rendered) {
      const written = Object.keys(authored).map((key) => (key === 'labels' && object.kind === 'ThanosRuler' ? 'labels' : key));
      expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(written));
    }
  });

  describe('the overlay: where the reference departs from the CRDs', () => {
    const probe = kinds.find((handler) => handler.type === 'prometheus-probe')!;
    const alertmanager = kinds.find((handler) => handler.type === 'alertmanager')!;

    it('holds one entry per departure', async () => {
      expect(probeOverlay.map((entry) => `${entry.change} ${entry.path}`)).toEqual(['required prober']);
      expect(alertmanagerOverlay.map((entry) => `${entry.change} ${entry.path}`)).toEqual(['refused baseImage', 'refused tag', 'refused sha']);
    });

    it('requires the prober of a Probe', async () => {
      await tester.runComponent(probe.type, [{ properties: { targets: { staticConfig: { static: ['https://example.com'] } } }, error: { message: 'component "web" (type "prometheus-probe"): "prober" is required' } }]);
    });

    for (const field of ['baseImage', 'tag', 'sha']) {
      it(`refuses an Alertmanager's ${field}, saying why`, async () => {
        await tester.runComponent(alertmanager.type, [{ properties: { [field]: 'x' }, error: { property: [field], message: new RegExp(`unsupported field "${field}".*name the image with image`) } }]);
      });
    }
  });
});
