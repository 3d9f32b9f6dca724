import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { publishSchemas } from '../../../src/engine/publish/index.js';
import { EXAMPLE_APPLICATION, EXAMPLE_PROFILE } from '../../../src/engine/publish/cluster-profile.js';
import { buildWith, importedProfile, registry } from './support.js';

const files = publishSchemas(registry).files;

describe('kurel schemas documents the ClusterProfile and the object component', () => {
  it('publishes a ClusterProfile page whose example builds, negotiating the apiVersion', () => {
    const page = files['docs/clusterprofile.md'];
    expect(page).toContain('| `apiResources[].kinds[].scope` | string (`Namespaced`, `Cluster`) | yes |');
    expect(page).toContain('kurel profile import --api-resources');
    const blocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks.map((block) => parse(block))).toEqual([EXAMPLE_PROFILE, EXAMPLE_APPLICATION]);
    const result = buildWith({ file: 'app.yaml', text: blocks[1] }, { file: 'profile.yaml', text: blocks[0] });
    expect(result.objects.map((object) => `${object.apiVersion} ${object.kind}`)).toEqual(['autoscaling/v2 HorizontalPodAutoscaler']);
    expect(files['docs/index.md']).toContain('(clusterprofile.md)');
  });

  it('publishes a ClusterProfile schema that compiles strictly, takes an imported profile and refuses a malformed one', () => {
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(files['clusterprofile.schema.json']));
    expect(validate(parse(importedProfile('kind-v1.35-gateway-api').text)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(EXAMPLE_PROFILE)).toBe(true);
    const malformed = structuredClone(EXAMPLE_PROFILE);
    (malformed.spec.apiResources[0].kinds[0] as Record<string, string>).scope = 'Global';
    expect(validate(malformed)).toBe(false);
  });

  it('publishes the object component open to further keys, with optional on every component', () => {
    const object = JSON.parse(files['components/object.schema.json']);
    expect(object.additionalProperties).toBe(true);
    expect(object.required).toEqual(['kind']);
    expect(JSON.parse(files['components/webservice.schema.json']).properties.optional.type).toBe('boolean');
    expect(files['docs/components/object.md']).toContain('kind: Role');
  });
});
