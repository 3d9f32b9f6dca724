import { createHash } from 'node:crypto';

const DIGEST_LENGTH = 10;

/**
 * Shortens a name longer than `limit`: its first `limit - 11` characters with trailing `-` and
 * `.` trimmed, then `-` and the first 10 hex characters of the SHA-256 of the whole name.
 */
export function shortenName(name: string, limit: number): string {
  return shortenNameWithSuffix(name, '', limit);
}

/** Like `shortenName`, keeping `suffix` whole at the end of the shortened name. */
export function shortenNameWithSuffix(name: string, suffix: string, limit: number): string {
  const full = name + suffix;
  if (full.length <= limit) return full;
  const digest = createHash('sha256').update(full).digest('hex').slice(0, DIGEST_LENGTH);
  const keep = Math.max(0, limit - DIGEST_LENGTH - 1 - suffix.length);
  const prefix = name.slice(0, keep).replace(/[-.]+$/, '');
  return prefix ? `${prefix}-${digest}${suffix}` : `${digest}${suffix}`;
}

/** The value of a component's identity label: the name, or a 63-character projection of it. */
export function componentLabelValue(componentName: string): string {
  return shortenName(componentName, 63);
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

export function isDns1123Label(value: string): boolean {
  return value.length <= 63 && DNS1123_LABEL.test(value);
}

export function isDns1123Subdomain(value: string): boolean {
  return value.length <= 253 && DNS1123_SUBDOMAIN.test(value);
}

export function isDns1035Label(value: string): boolean {
  return value.length <= 63 && DNS1035_LABEL.test(value);
}
