import { describe, expect, it } from 'vitest';
import { allowedOrClosest, closestAndAllowed, closestNames, didYouMean } from '../../../src/plugin-api/kit/suggest.js';

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

describe('closestNames against every name compared in full', () => {
  // The names closest by edit distance without case, computed the plain way.
  const reference = (word: string, candidates: Iterable<string>) => {
    const lower = word.toLowerCase();
    const allowed = Math.max(1, Math.min(3, Math.floor(lower.length / 2)));
    const scored = [...new Set(candidates)].filter((name) => name !== word).map((name) => ({ name, edits: editDistance(lower, name.toLowerCase()) }));
    const best = Math.min(...scored.map(({ edits }) => edits));
    return best > allowed ? [] : scored.filter(({ edits }) => edits === best).map(({ name }) => name).sort().slice(0, 3);
  };
  const editDistance = (a: string, b: string): number => {
    let row = Array.from({ length: b.length + 1 }, (_, index) => index);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length];
  };

  it('agrees on words near and far, of every length, in any case', () => {
    const names = ['image', 'imagePullPolicy', 'port', 'ports', 'replicas', 'resources', 'env', 'envFrom', 'args', 'command', 'İstanbul', 'a', 'ab', 'serviceAccountName'];
    // Words with characters no name has too: digits, a letter of no name, one past ASCII.
    const words = ['imgae', 'Image', 'prt', 'portz', 'replica', 'rsources', 'en', 'evnFrom', 'arg', 'comand', 'istanbul', 'İSTANBUL', 'b', 'x', 'serviceaccount', 'serviceAccountNam', 'zzzzzzzzzzzz', '', 'image2', 'port12', 'replicas123', 'resources1234', 'qort', 'imagé', 'İstanbul9', 'extra12345'];
    for (const word of words) expect(closestNames(word, names), word).toEqual(reference(word, names));
    for (const word of words) expect(closestNames(word, new Set(names)), word).toEqual(reference(word, names));
  });

  it('answers for a frozen list as for the same names unfrozen', () => {
    const names = ['image', 'port', 'replicas', 'resources', 'env', 'volumes', 'probes', 'args', 'command'];
    const frozen = Object.freeze([...names]);
    for (const word of ['prot', 'imgae', 'zzzzzz', 'port7', 'volumes99']) {
      expect(closestNames(word, frozen), word).toEqual(closestNames(word, names));
      expect(allowedOrClosest(word, frozen), word).toBe(allowedOrClosest(word, names));
    }
  });

  it('answers for a list as it is now, when it has changed since it was last asked about', () => {
    const names = ['image', 'port'];
    expect(closestNames('prot', names)).toEqual(['port']);
    names[1] = 'prob';
    expect(closestNames('prot', names)).toEqual(['prob']);
    names.push('pro');
    expect(closestNames('prot', names)).toEqual(['pro', 'prob']);
    const many = ['image', 'port', 'replicas', 'resources', 'env', 'volumes', 'probes', 'args', 'command'];
    expect(allowedOrClosest('zzzzzz', many)).toBe(`allowed: ${[...many].sort().join(', ')}`);
    many[0] = 'labels';
    expect(allowedOrClosest('zzzzzz', many)).toBe(`allowed: ${[...many].sort().join(', ')}`);
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

describe('closestAndAllowed', () => {
  const short = ['apiResources', 'capabilities', 'gitopsEngine', 'kubeVersion'];
  const long = Array.from({ length: 12 }, (_, index) => `field${String.fromCharCode(97 + index)}long`).concat(['plugins']);

  it('names the closest key of a short list beside the whole list', () => {
    expect(closestAndAllowed('capabilites', short)).toBe('did you mean "capabilities"? allowed: apiResources, capabilities, gitopsEngine, kubeVersion');
  });

  it('names the closest key of a long list alone, and lists either when nothing is close', () => {
    expect(closestAndAllowed('plugin', long)).toBe('did you mean "plugins"?');
    expect(closestAndAllowed('zzzzzz', short)).toBe('allowed: apiResources, capabilities, gitopsEngine, kubeVersion');
    expect(closestAndAllowed('zzzzzz', long)).toBe(`allowed: ${[...long].sort().join(', ')}`);
  });
});
