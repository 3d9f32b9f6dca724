import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { kinds } from '../../../plugins/builtin-kinds/families/prometheus.js';
import { alertmanagerOverlay, probeOverlay } from '../../../plugins/builtin-kinds/families/prometheus-overlay.js';
import { renderSamples } from './upstream-samples.js';

const tester = new HandlerTester({ namespace: 'shop' });
const kind = (type: string) => kinds.find((handler) => handler.type === type)!;
const spec = (type: string, properties: Record<string, unknown>) => tester.renderComponent(kind(type), 'm', properties).objects[0].spec;

describe('Prometheus operator kinds', () => {
  it('declare six kinds of monitoring.coreos.com/v1, the probe as Probe', () => {
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

  it('renders a ServiceMonitor as its Go type writes it', () => {
    tester.runComponent(kind('servicemonitor'), [
      {
        name: 'api',
        properties: { selector: { matchLabels: { app: 'api' } }, endpoints: [{ port: 'metrics', honorLabels: false, interval: '30s' }], keepDroppedTargets: 10 },
        objects: [
          {
            apiVersion: 'monitoring.coreos.com/v1',
            kind: 'ServiceMonitor',
            metadata: { name: 'api', namespace: 'shop' },
            spec: { selector: { matchLabels: { app: 'api' } }, endpoints: [{ port: 'metrics', interval: '30s' }], keepDroppedTargets: 10, namespaceSelector: {} },
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', () => {
    tester.runComponent(kind('podmonitor'), [
      {
        properties: { selector: {}, podMetricsEndpoints: [{ port: 'metrics', relabelings: [{ action: 'keep', sourceLabel: 'x' }] }] },
        error: { code: 'KUREL_PROPERTY', message: /unsupported field "sourceLabel"/, path: ['podMetricsEndpoints', 0, 'relabelings', 0, 'sourceLabel'] },
      },
    ]);
  });

  it('writes the fields the Go types always hold', () => {
    expect(spec('podmonitor', { selector: {} })).toEqual({ selector: {}, namespaceSelector: {}, podMetricsEndpoints: null });
    expect(spec('prometheus-probe', { prober: { url: 'blackbox:9115' } })).toEqual({ prober: { url: 'blackbox:9115' }, targets: {} });
    expect(spec('prometheusrule', { groups: [{ name: 'empty' }] })).toEqual({ groups: [{ name: 'empty', rules: null }] });
    const endpoint = { port: 'https', tlsConfig: { serverName: 'api' }, basicAuth: { username: { name: 'scrape', key: 'user' } } };
    expect(spec('servicemonitor', { selector: {}, endpoints: [endpoint] })).toEqual({
      selector: {},
      namespaceSelector: {},
      endpoints: [{ port: 'https', tlsConfig: { ca: {}, cert: {}, serverName: 'api' }, basicAuth: { username: { name: 'scrape', key: 'user' }, password: { key: '' } } }],
    });
    expect(spec('alertmanager', { storage: { emptyDir: {} }, containers: [{ name: 'config-reloader' }], paused: false })).toEqual({
      storage: { emptyDir: {}, volumeClaimTemplate: { metadata: {}, spec: { resources: {} }, status: {} } },
      containers: [{ name: 'config-reloader', resources: {} }],
      resources: {},
      alertmanagerConfigMatcherStrategy: {},
    });
  });

  it('takes a ThanosRuler\'s external labels as externalLabels, and fills the group of an exclusion', () => {
    tester.runComponent(kind('thanosruler'), [
      {
        name: 'rules',
        properties: { labels: { team: 'a' }, externalLabels: { cluster: 'eu-1' }, excludedFromEnforcement: [{ resource: 'probes', namespace: 'monitoring' }] },
        objects: [
          {
            apiVersion: 'monitoring.coreos.com/v1',
            kind: 'ThanosRuler',
            metadata: { name: 'rules', namespace: 'shop', labels: { team: 'a' } },
            spec: { labels: { cluster: 'eu-1' }, excludedFromEnforcement: [{ group: 'monitoring.coreos.com', resource: 'probes', namespace: 'monitoring' }], resources: {} },
          },
        ],
      },
    ]);
  });

  it('refuses what the operator would not carry or cannot run', () => {
    tester.runComponent(kind('alertmanager'), [
      { title: 'deprecated image parts', properties: { tag: 'v0.28.1' }, error: { message: /unsupported field "tag"/, path: ['tag'] } },
      { title: 'image without version', properties: { image: 'quay.io/prometheus/alertmanager:v0.28.1' }, error: { message: /^version: required/, path: ['version'] } },
      { title: 'version of major 1', properties: { version: 'v1.0.0' }, error: { message: /is not supported by the Prometheus operator/, path: ['version'] } },
      { title: 'unparsable version', properties: { version: 'latest' }, error: { message: /is not a version the Prometheus operator can parse/, path: ['version'] } },
      { title: 'empty retention', properties: { retention: '' }, error: { message: /^retention: "" cannot be carried/, path: ['retention'] } },
      { title: 'zero retention', properties: { retention: '0s' }, error: { message: /is not a positive duration/, path: ['retention'] } },
      { title: 'negative replicas', properties: { replicas: -1 }, error: { message: /^replicas: -1 is below 0/, path: ['replicas'] } },
      { title: 'empty matcher strategy', properties: { alertmanagerConfigMatcherStrategy: { type: '' } }, error: { message: /"" is not allowed/ } },
    ]);
    tester.runComponent(kind('servicemonitor'), [
      {
        properties: { selector: {}, endpoints: [{ relabelings: [{ action: '' }] }] },
        error: { code: 'KUREL_PROPERTY', message: /"" is not allowed/, path: ['endpoints', 0, 'relabelings', 0, 'action'] },
      },
    ]);
    tester.runComponent(kind('prometheus-probe'), [{ properties: { targets: {} }, error: { message: '"prober" is required' } }]);
    tester.runComponent(kind('thanosruler'), [{ properties: { evaluationInterval: '' }, error: { path: ['evaluationInterval'] } }]);
    const long = 'a'.repeat(50);
    tester.runComponent(kind('alertmanager'), [
      { title: 'data volume of a long name', name: long, properties: {}, error: { message: new RegExp(`^alertmanager "${long}": the component name is the Alertmanager's name, and the Prometheus operator names the data volume`) } },
      { title: 'long object name', properties: { objectName: long }, error: { message: /^objectName: "a+" is not a valid name for this Alertmanager/, path: ['objectName'] } },
      { title: 'a claim template names the volume', name: 'a'.repeat(45), properties: { storage: { volumeClaimTemplate: { metadata: { name: 'data' } } } } },
    ]);
  });

  it("builds upstream's own example objects (prometheus-operator/prometheus-operator example/ at v0.93.0)", () => {
    const rendered = renderSamples(kinds, 'prometheus-operator', ['monitoring.coreos.com']);
    expect(new Set(rendered.map(({ object }) => object.kind))).toEqual(new Set(['ServiceMonitor', 'PodMonitor', 'PrometheusRule', 'Alertmanager', 'ThanosRuler']));
    for (const { file, authored, object } of rendered) {
      const written = Object.keys(authored).map((key) => (key === 'labels' && object.kind === 'ThanosRuler' ? 'labels' : key));
      expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(written));
    }
  });

  describe('the overlay: where the reference departs from the CRDs', () => {
    const probe = kinds.find((handler) => handler.type === 'prometheus-probe')!;
    const alertmanager = kinds.find((handler) => handler.type === 'alertmanager')!;

    it('holds one entry per departure', () => {
      expect(probeOverlay.map((entry) => `${entry.change} ${entry.path}`)).toEqual(['required prober']);
      expect(alertmanagerOverlay.map((entry) => `${entry.change} ${entry.path}`)).toEqual(['refused baseImage', 'refused tag', 'refused sha']);
    });

    it('requires the prober of a Probe', () => {
      tester.runComponent(probe, [{ properties: { targets: { staticConfig: { static: ['https://example.com'] } } }, error: { message: '"prober" is required' } }]);
    });

    for (const field of ['baseImage', 'tag', 'sha']) {
      it(`refuses an Alertmanager's ${field}, saying why`, () => {
        tester.runComponent(alertmanager, [{ properties: { [field]: 'x' }, error: { path: [field], message: new RegExp(`unsupported field "${field}".*name the image with image`) } }]);
      });
    }
  });
});
