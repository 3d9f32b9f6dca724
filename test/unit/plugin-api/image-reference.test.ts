import { describe, expect, it } from 'vitest';
import { imageReferenceProblem } from '../../../src/plugin-api/kit/policy-checks/image-reference.js';

describe('imageReferenceProblem (the OCI reference grammar)', () => {
  it('accepts what a container runtime pulls', () => {
    for (const image of [
      'nginx:1.27',
      'repo/api:v1',
      'ghcr.io/acme/web:v1.4.0',
      'localhost:5000/team/app_x:1.0',
      'Registry.Example.com:443/a/b--c/d__e:TAG_1.x',
      'docker.io/library/redis@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      'ghcr.io/acme/web:v1@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      '[::1]:5000/app:1',
    ]) {
      expect(imageReferenceProblem(image), image).toBeUndefined();
    }
  });

  it('says a repository with capitals must be lowercase', () => {
    expect(imageReferenceProblem('Repo/API:v1')).toBe('repository name must be lowercase');
    expect(imageReferenceProblem('ghcr.io/Acme/web:v1')).toBe('repository name must be lowercase');
  });

  it('refuses whitespace, a bad tag, a bad digest, and empty components', () => {
    expect(imageReferenceProblem('repo/api:v1 extra')).toBe('it contains whitespace');
    expect(imageReferenceProblem('')).toBe('repository name must have at least one component');
    for (const image of ['repo/api:-v1', 'repo//api:v1', 'repo/api@sha256:abc', 'repo/api:v1:v2', `repo/api:${'x'.repeat(129)}`, '-repo/api:v1']) {
      expect(imageReferenceProblem(image), image).toBe('expected [registry[:port]/]repository[:tag][@algorithm:digest]');
    }
  });

  it('limits the name to 255 characters', () => {
    expect(imageReferenceProblem(`${'a'.repeat(256)}:v1`)).toBe('repository name must not be more than 255 characters');
  });
});
