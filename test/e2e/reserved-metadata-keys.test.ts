import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kurelIn, scratchFolder } from './support.js';

// A platform reserves a key prefix in its kurel config: an Ingress annotation under it is refused
// at generation, through the real CLI, with the reference's text.

const scratch = scratchFolder('kurel-reserved-');

beforeAll(() => {
  writeFileSync(
    join(scratch.dir, 'app.yaml'),
    `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: web
      type: ingress
      properties:
        objectName: web-ingress
        annotations:
          platform.example/zone: eu-west
        rules:
          - host: shop.example.com
            http:
              paths:
                - path: /
                  pathType: Prefix
                  backend: {service: {name: web, port: {number: 80}}}
`,
  );
});

function build(config: string) {
  writeFileSync(join(scratch.dir, '.kurelrc.yaml'), config);
  return kurelIn(scratch.dir, ['build', 'app.yaml']);
}

describe('reserved metadata keys from the kurel config', () => {
  it('refuses an Ingress annotation under a reserved prefix', () => {
    const result = build('reservedMetadataKeys: ["platform.example/"]\n');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Error: component "web": Ingress "web-ingress": annotation "platform.example/zone" may not be set: the prefix "platform.example/" is reserved for the platform: oam: metadata key is reserved\n',
    );
  });

  it('builds the same object with no reserved keys, or with a prefix the key is not under', () => {
    const plain = build('plugins: []\n');
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.stdout).toContain('platform.example/zone: eu-west');
    expect(build('reservedMetadataKeys: ["sub.platform.example/", "platform.example"]\n').stdout).toBe(plain.stdout);
  });

  it('refuses an invalid entry, naming the config file and the entry', () => {
    const result = build('reservedMetadataKeys: [team, "not a key"]\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${join(scratch.dir, '.kurelrc.yaml')} reservedMetadataKeys[1]: invalid reservedMetadataKeys[1] "not a key": neither a key nor a prefix ending in "/"`);
  });
});
