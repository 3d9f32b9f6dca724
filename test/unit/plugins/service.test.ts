import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { service } from '../../../plugins/builtin-components/service.js';
import { meta, webServiceObject } from './fixtures.js';

const tester = new HandlerTester();

describe('service component', () => {
  it('selects the pods labelled app: <component> by default, targeting each port by number over TCP', () => {
    tester.runComponent(service, [{ name: 'web', properties: { ports: [{ name: 'http', port: 8080 }] }, objects: [webServiceObject('web', 8080)] }]);
    expect(tester.renderComponent(service, 'web', { ports: [{ name: 'http', port: 8080 }] }).answers).toEqual({
      servicePort: { port: 8080, name: 'http' },
      routingTarget: { selector: { app: 'web' }, ports: [{ port: 8080, name: 'http', targetPort: 8080, protocol: 'TCP' }] },
    });
  });

  it('takes an explicit selector, named target ports and Service-level fields', () => {
    tester.runComponent(service, [
      {
        name: 'web',
        properties: {
          type: 'NodePort',
          selector: { app: 'frontend' },
          ports: [{ name: 'http', port: 80, targetPort: 'web', nodePort: 30080 }, { name: 'dns', port: 53, protocol: 'UDP' }],
          sessionAffinity: 'ClientIP',
        },
        objects: [
          {
            apiVersion: 'v1',
            kind: 'Service',
            metadata: meta('web'),
            spec: {
              type: 'NodePort',
              selector: { app: 'frontend' },
              ports: [
                { name: 'http', port: 80, targetPort: 'web', protocol: 'TCP', nodePort: 30080 },
                { name: 'dns', port: 53, targetPort: 53, protocol: 'UDP' },
              ],
              sessionAffinity: 'ClientIP',
            },
          },
        ],
      },
    ]);
  });

  it('writes an ExternalName Service without selector or ports', () => {
    tester.runComponent(service, [
      {
        name: 'db',
        properties: { type: 'ExternalName', externalName: 'db.example.com' },
        objects: [{ apiVersion: 'v1', kind: 'Service', metadata: meta('db'), spec: { type: 'ExternalName', externalName: 'db.example.com' } }],
      },
    ]);
  });

  it('refuses what the API server refuses of a Service', () => {
    const port = [{ port: 80 }];
    tester.runComponent(service, [
      { title: 'name', name: '1web', properties: { ports: port }, error: { message: 'name: "1web" is not a valid Service name, which must be a DNS-1035 label' } },
      { title: 'no ports', properties: {}, error: { message: 'ports: at least one port is required' } },
      { title: 'external name missing', properties: { type: 'ExternalName' }, error: { message: 'type ExternalName requires externalName' } },
      { title: 'external name stray', properties: { ports: port, externalName: 'x.example.com' }, error: { message: 'externalName: only a Service of type ExternalName takes it' } },
      { title: 'empty selector', properties: { ports: port, selector: {} }, error: { message: /selector: must name at least one label/ } },
      { title: 'headless', properties: { ports: port, type: 'NodePort', clusterIP: 'None' }, error: { message: 'clusterIP: None (headless) needs type ClusterIP' } },
      { title: 'range', properties: { ports: [{ port: 0 }] }, error: { message: 'ports[0].port: must be between 1 and 65535, got 0', path: ['ports', 0, 'port'] } },
      { title: 'unnamed', properties: { ports: [{ port: 80 }, { port: 81 }] }, error: { message: 'ports[0].name: required when the Service has more than one port' } },
      { title: 'bad name', properties: { ports: [{ port: 80, name: 'HTTP' }] }, error: { message: 'ports[0].name: invalid port name "HTTP"' } },
      { title: 'duplicate name', properties: { ports: [{ port: 80, name: 'a' }, { port: 81, name: 'a' }] }, error: { message: 'ports[1].name: duplicate port name "a"' } },
      { title: 'duplicate pair', properties: { ports: [{ port: 80, name: 'a' }, { port: 80, name: 'b' }] }, error: { message: 'ports[1]: duplicate port 80/TCP' } },
      { title: 'target', properties: { ports: [{ port: 80, targetPort: 'not_a_name' }] }, error: { message: /ports\[0\].targetPort: must be a port number/ } },
      { title: 'node port', properties: { ports: [{ port: 80, nodePort: 30000 }] }, error: { message: 'ports[0].nodePort: only a NodePort or LoadBalancer Service takes it' } },
    ]);
  });
});

describe('service routing target', () => {
  it('answers the pods it selects and its port mapping, and no selector for an ExternalName Service', () => {
    const routed = tester.renderComponent(service, 'api', { selector: { app: 'backend' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] }).answers;
    expect(routed?.routingTarget).toEqual({ selector: { app: 'backend' }, ports: [{ port: 80, name: 'http', targetPort: 8080, protocol: 'TCP' }] });
    const external = tester.renderComponent(service, 'db', { type: 'ExternalName', externalName: 'db.example.com' }).answers;
    expect(external?.routingTarget).toEqual({ ports: [] });
    const withPorts = tester.renderComponent(service, 'db', { type: 'ExternalName', externalName: 'db.example.com', ports: [{ port: 5432 }] }).answers;
    expect(withPorts?.routingTarget).toEqual({ ports: [] });
  });
});
