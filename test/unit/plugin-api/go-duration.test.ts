import { formatGoDuration, normaliseFluxDuration, normaliseGoDuration, parseGoDuration } from '../../../src/plugin-api/kit/index.js';
import { describe, expect, it } from 'vitest';

describe('Go durations', () => {
  it('writes durations back as Go prints them', () => {
    expect(normaliseGoDuration('2160h')).toBe('2160h0m0s');
    expect(normaliseGoDuration('360h')).toBe('360h0m0s');
    expect(normaliseGoDuration('90s')).toBe('1m30s');
    expect(normaliseGoDuration('1h30m')).toBe('1h30m0s');
    expect(normaliseGoDuration('1.5h')).toBe('1h30m0s');
    expect(normaliseGoDuration('500ms')).toBe('500ms');
    expect(normaliseGoDuration('2.5s')).toBe('2.5s');
    expect(normaliseGoDuration('0')).toBe('0s');
    expect(normaliseGoDuration('-5m')).toBe('-5m0s');
    expect(formatGoDuration(1500n)).toBe('1.5µs');
  });

  it('refuses what Go does not read as a duration', () => {
    for (const text of ['', '5', '1d', 'h', '1h30', 'abc']) expect(parseGoDuration(text), text).toBeUndefined();
  });

  it('takes for Flux only what its CRDs accept, written as Go prints it', () => {
    expect(normaliseFluxDuration('10m')).toBe('10m0s');
    expect(normaliseFluxDuration('1.5h')).toBe('1h30m0s');
    expect(normaliseFluxDuration('500ms')).toBe('500ms');
    // Go reads these; Flux's pattern refuses them.
    for (const text of ['-5m', '+5m', '0', '10ns', '10us', '.5h', '1d', '']) expect(normaliseFluxDuration(text), text).toBeUndefined();
  });
});
