import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from 'yaml';
import { NOOP_POLICY } from '../../../src/plugin-api/kit/index.js';
import { parseSource } from '../../../src/engine/yaml/source.js';
import { buildWith } from '../api-resources/support.js';

// A build that succeeds reads its files with the block reader alone: the YAML library composes a
// file only for the document itself, or for a position the block reader does not place (inside a
// flow collection, say). Such a position asked for on every build would show here as a composition.

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

  it('places a position in a block collection without the library', () => {
    const compose = vi.spyOn(Composer.prototype, 'compose');
    const result = buildWith(APPLICATION, PROFILE, NOOP_POLICY);
    expect(result.layout.bundle.where).toMatchObject({ file: 'app.yaml', line: 4, column: 3, path: 'metadata.name' });
    expect(compose).not.toHaveBeenCalled();
  });

  it('composes with the library for a position inside a flow collection, and places it', () => {
    const [document] = parseSource(APPLICATION);
    const compose = vi.spyOn(Composer.prototype, 'compose');
    expect(document.locate(['spec', 'components', 0, 'traits', 0, 'properties', 'hostnames', 0])).toEqual({ line: 16, column: 21 });
    expect(compose).toHaveBeenCalledTimes(1);
  });
});
