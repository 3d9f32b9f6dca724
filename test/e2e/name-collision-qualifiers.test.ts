import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';
import { kurelIn, scratchFolder } from './support.js';

// Two owners of one name are told apart in the fewest words that do: two traits a trait rule
// lowered one authored trait to stand at its place, and are named by their order.

const scratch = scratchFolder('kurel-collision-qualifiers-');

/** A trait rule lowering one trait to two scalers, which both take the HPA's default name. */
const TWIN = `export default {
  meta: { name: 'acme-twin', version: '1.0.0', kurelApi: '^${KUREL_API_VERSION}' },
  lowering: [{
    position: 'trait', type: 'twin-scaler', description: 'Two scalers.', properties: {},
    contract: { version: 'v1' }, targets: { traitTypes: ['scaler'] },
    lower: () => ({ traits: [
      { type: 'scaler', properties: { minReplicas: 1, maxReplicas: 2 } },
      { type: 'scaler', properties: { minReplicas: 1, maxReplicas: 3 } },
    ] }),
  }],
};
`;

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: shop
spec:
  components:
    - name: web
      type: deployment
      properties:
        image: ghcr.io/acme/web:v1
      traits:
        - type: configmap
          properties: {name: web-settings, data: {a: b}}
        - type: twin-scaler
`;

beforeAll(() => {
  writeFileSync(join(scratch.dir, 'twin.mjs'), TWIN);
  writeFileSync(join(scratch.dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./twin.mjs'] }));
  writeFileSync(join(scratch.dir, 'app.yaml'), APP);
});

describe('name collision qualifiers', () => {
  it('names two outputs of one trait rule by the authored trait\'s place and their order', () => {
    const result = kurelIn(scratch.dir, ['build', 'app.yaml']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'name collision: HorizontalPodAutoscaler.autoscaling "default/web-hpa" is named by component "web" traits[1] "scaler", output 1 of its lowering (role "hpa", its default) and by component "web" traits[1] "scaler", output 2 of its lowering (role "hpa", its default); give one of them another name',
    );
  });
});
