import { answersOf, builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { service } from '../../../plugins/builtin-components/service.js';
import { meta, webServiceObject } from './fixtures.js';

const tester = builtinTester('components');

describe('service component', () => {
  it('selects the pods labelled app: <component> by default, targeting each port by number over TCP', async () => {
    await tester.runComponent(service.type, [{ name: 'web', properties: { ports: [{ name: 'http', port: 8080 }] }, objects: [webServiceObject('web', 8080)] }]);
    expect(await answersOf(service.type, 'web', { ports: [{ name: 'http', port: 8080 }] })).toEqual({ servicePort: { number: 8080 } });
  });

  it('takes an explicit selector, named target ports and Service-level fields', async () => {
    await tester.runComponent(service.type, [
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

  it('writes an ExternalName Service without selector or ports', async () => {
    await tester.runComponent(service.type, [
      {
        name: 'db',
        properties: { type: 'ExternalName', externalName: 'db.example.com' },
        objects: [{ apiVersion: 'v1', kind: 'Service', metadata: meta('db'), spec: { type: 'ExternalName', externalName: 'db.example.com' } }],
      },
    ]);
  });

  it('refuses what the API server refuses of a Service', async () => {
    const port = [{ port: 80 }];
    await tester.runComponent(service.type, [
      { title: 'name', name: '1web', properties: { ports: port }, error: { message: 'component "1web": name: "1web" is not a valid Service name, which must be a DNS-1035 label' } },
      { title: 'no ports', properties: {}, error: { message: 'component "web": ports: at least one port is required' } },
      { title: 'external name missing', properties: { type: 'ExternalName' }, error: { message: 'component "web": type ExternalName requires externalName' } },
      { title: 'external name stray', properties: { ports: port, externalName: 'x.example.com' }, error: { message: 'component "web": externalName: only a Service of type ExternalName takes it' } },
      { title: 'empty selector', properties: { ports: port, selector: {} }, error: { message: /selector: must name at least one label/ } },
      { title: 'headless', properties: { ports: port, type: 'NodePort', clusterIP: 'None' }, error: { message: 'component "web": clusterIP: None (headless) needs type ClusterIP' } },
      { title: 'range', properties: { ports: [{ port: 0 }] }, error: { message: 'component "web": ports[0].port: must be between 1 and 65535, got 0', property: ['ports', 0, 'port'] } },
      { title: 'unnamed', properties: { ports: [{ port: 80 }, { port: 81 }] }, error: { message: 'component "web": ports[0].name: required when the Service has more than one port' } },
      { title: 'bad name', properties: { ports: [{ port: 80, name: 'HTTP' }] }, error: { message: 'component "web": ports[0].name: invalid port name "HTTP"' } },
      { title: 'duplicate name', properties: { ports: [{ port: 80, name: 'a' }, { port: 81, name: 'a' }] }, error: { message: 'component "web": ports[1].name: duplicate port name "a"' } },
      { title: 'duplicate pair', properties: { ports: [{ port: 80, name: 'a' }, { port: 80, name: 'b' }] }, error: { message: 'component "web": ports[1]: duplicate port 80/TCP' } },
      { title: 'target', properties: { ports: [{ port: 80, targetPort: 'not_a_name' }] }, error: { message: /ports\[0\].targetPort: must be a port number/ } },
      { title: 'node port', properties: { ports: [{ port: 80, nodePort: 30000 }] }, error: { message: 'component "web": ports[0].nodePort: only a NodePort or LoadBalancer Service takes it' } },
    ]);
  });
});

describe('service routing target', () => {
  it('answers its first port to a route, an ExternalName Service with ports included', async () => {
    expect(await answersOf(service.type, 'api', { selector: { app: 'backend' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] })).toEqual({ servicePort: { number: 80 } });
    expect(await answersOf(service.type, 'db', { type: 'ExternalName', externalName: 'db.example.com', ports: [{ port: 5432 }] })).toEqual({ servicePort: { number: 5432 } });
  });
});
