import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { profileSuggestions } from '../../../src/host/inputs/profile-suggestions.js';

const dir = mkdtempSync(join(tmpdir(), 'kurel-suggestions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEAD = 'apiVersion: launcher.gokure.dev/v1alpha1\n';

describe('profileSuggestions', () => {
  it('names the environments in their declared order, and the ClusterProfile files beside the application', () => {
    writeFileSync(join(dir, 'environments.yaml'), `${HEAD}kind: EnvironmentSet\nmetadata: {name: e}\nspec:\n  environments:\n    - {name: staging, profile: s.yaml}\n    - {name: prod, profile: p.yaml}\n`);
    writeFileSync(join(dir, 'b-profile.yaml'), `${HEAD}kind: ClusterProfile # the platform's\nmetadata: {name: b}\n`);
    writeFileSync(join(dir, 'a-profile.yml'), `${HEAD}kind: "ClusterProfile"\nmetadata: {name: a}\n`);
    writeFileSync(join(dir, 'app.yaml'), `${HEAD}kind: Application\nmetadata: {name: a}\n`);
    expect(profileSuggestions(dir)).toEqual({
      environmentsFile: join(dir, 'environments.yaml'),
      environments: ['staging', 'prod'],
      profiles: [join(dir, 'a-profile.yml'), join(dir, 'b-profile.yaml')],
    });
  });

  it('offers nothing from a file it cannot read or parse', () => {
    writeFileSync(join(dir, 'broken.yaml'), 'kind: EnvironmentSet\nspec: [\n');
    expect(profileSuggestions(join(dir, 'missing'), join(dir, 'broken.yaml'))).toEqual({ environments: [], profiles: [] });
  });
});
