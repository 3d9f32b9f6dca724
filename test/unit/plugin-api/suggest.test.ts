import { describe, expect, it } from 'vitest';
import { allowedOrClosest, closestNames, didYouMean } from '../../../src/plugin-api/suggest.js';

describe('closestNames', () => {
  it('finds a transposition, a missing letter and a case slip', () => {
    expect(closestNames('imgae', ['image', 'imagePullPolicy', 'port'])).toEqual(['image']);
    expect(closestNames('replica', ['replicas', 'resources'])).toEqual(['replicas']);
    expect(closestNames('Deployment', ['deployment', 'daemonset'])).toEqual(['deployment']);
  });

  it('keeps only the nearest, at most three, sorted', () => {
    expect(closestNames('bild', ['build', 'guild', 'bilk', 'bind', 'schemas'])).toEqual(['bilk', 'bind', 'build']);
    expect(closestNames('bild', ['build', 'buil'])).toEqual(['build']);
  });

  it('suggests nothing when nothing is close, or for the word itself', () => {
    expect(closestNames('zzz', ['build', 'validate'])).toEqual([]);
    expect(closestNames('tls', ['ttl', 'tlsSecret'])).toEqual([]);
    expect(closestNames('port', ['port'])).toEqual([]);
  });
});

describe('didYouMean', () => {
  it('quotes one name, joins several, and is empty without any', () => {
    expect(didYouMean('imgae', ['image'])).toBe('did you mean "image"?');
    expect(didYouMean('bild', ['bind', 'build'])).toBe('did you mean "bind" or "build"?');
    expect(didYouMean('--profle'.slice(2), ['profile'], (name) => `--${name}`)).toBe('did you mean --profile?');
    expect(didYouMean('zzz', ['image'])).toBe('');
  });
});

describe('allowedOrClosest', () => {
  const many = ['image', 'port', 'replicas', 'resources', 'env', 'volumes', 'probes', 'args', 'command'];
  it('keeps a short list whole, as the reference words it', () => {
    expect(allowedOrClosest('protcol', ['protocol', 'port'])).toBe('allowed: port, protocol');
  });
  it('names the closest of a long list, or the list when nothing is close', () => {
    expect(allowedOrClosest('imgae', many)).toBe('did you mean "image"?');
    expect(allowedOrClosest('zzzzzz', many)).toBe(`allowed: ${[...many].sort().join(', ')}`);
  });
});
