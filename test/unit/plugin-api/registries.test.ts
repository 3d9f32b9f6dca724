import { pluginTester } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { defineComponent, RefusalClass } from 'kurel/plugin-api';
import { enforceAllowedRegistry, locationHost, NOOP_POLICY } from 'kurel/plugin-kit';

describe('locationHost', () => {
  it('reads the host of a URL, an scp-like Git address and a bare endpoint', async () => {
    expect(locationHost('https://user:pw@Charts.Example.com:8443/index.yaml')).toBe('charts.example.com:8443');
    expect(locationHost('oci://ghcr.io/acme/chart')).toBe('ghcr.io');
    expect(locationHost('git@github.com:acme/repo.git')).toBe('github.com');
    expect(locationHost('minio.local:9000')).toBe('minio.local:9000');
  });
});

describe('enforceAllowedRegistry', () => {
  const source = defineComponent<{ url: string }>({
    type: 'source',
    description: 'A source.',
    properties: { url: { type: 'string', required: true, description: 'Where from.' } },
    render(input, ctx) {
      enforceAllowedRegistry(input.properties.url, ctx, ['url'], 'source url');
      return { objects: [] };
    },
  });
  const tester = pluginTester({ components: [source] }, { policy: { ...NOOP_POLICY, allowedRegistries: () => ['quay.io', '*.example.com', 'minio.local:9000'] } });

  it('allows listed hosts, wildcards below a domain and a listed port; refuses the rest with the registry class', async () => {
    await tester.runComponent(source.type, [
      { properties: { url: 'oci://quay.io/a/b' }, objects: [] },
      { properties: { url: 'https://charts.example.com/x' }, objects: [] },
      { properties: { url: 'minio.local:9000' }, objects: [] },
      { properties: { url: 'minio.local:9001' }, error: { refusalClass: RefusalClass.registry, property: ['url'] } },
      { properties: { url: 'https://example.com.evil.io/x' }, error: { refusalClass: RefusalClass.registry, message: 'component "web": source url "https://example.com.evil.io/x": host "example.com.evil.io" is not one of the allowed registries [quay.io *.example.com minio.local:9000]' } },
    ]);
  });
});
