import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from 'yaml';
import { NOOP_POLICY } from '../../../src/plugin-api/index.js';
import { buildWith } from '../api-resources/support.js';

// A build that succeeds reads its files with the block reader alone: the YAML library composes a
// file only for a position or for the document itself. A position asked for on every build (as
// the profile's bindings and the Flux layout's bundle once were) would show here as a composition.

const APPLICATION = {
  file: 'app.yaml',
  text: [
    'apiVersion: launcher.gokure.dev/v1alpha1',
    'kind: Application',
    'metadata:',
    '  name: shop',
    '  namespace: shop',
    'spec:',
    '  components:',
    '  - name: web',
    '    type: webservice',
    '    properties:',
    '      image: ghcr.io/example/web:v1',
    '      port: 8080',
    '    traits:',
    '    - type: expose',
    '      properties:',
    '        hostnames: [web.example.com]',
    '',
  ].join('\n'),
};

const PROFILE = {
  file: 'cluster.yaml',
  text: ['apiVersion: launcher.gokure.dev/v1alpha1', 'kind: ClusterProfile', 'metadata:', '  name: dev', 'spec:', '  capabilities:', '    expose:', '      rendering:', '        controllerType: ingress', '        ingressClassName: nginx', ''].join('\n'),
};

describe('a build and the YAML library', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds without composing any file with the library', () => {
    const compose = vi.spyOn(Composer.prototype, 'compose');
    const result = buildWith(APPLICATION, PROFILE, NOOP_POLICY);
    expect(result.yaml).toContain('kind: Ingress');
    expect(compose).not.toHaveBeenCalled();
  });

  it('composes with the library once a position is asked for, and places it', () => {
    const compose = vi.spyOn(Composer.prototype, 'compose');
    const result = buildWith(APPLICATION, PROFILE, NOOP_POLICY);
    expect(result.layout.bundle.where).toMatchObject({ file: 'app.yaml', line: 4, column: 3, path: 'metadata.name' });
    expect(compose).toHaveBeenCalledTimes(1);
  });
});
