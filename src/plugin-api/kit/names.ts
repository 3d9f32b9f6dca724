import { createHash } from 'node:crypto';

const DIGEST_LENGTH = 10;

/**
 * Shortens a name longer than `limit`: its first `limit - 11` characters with trailing `-` and
 * `.` trimmed, then `-` and the first 10 hex characters of the SHA-256 of the whole name.
 */
export function shortenName(name: string, limit: number): string {
  if (name.length <= limit) return name;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, DIGEST_LENGTH);
  const prefix = name.slice(0, Math.max(0, limit - DIGEST_LENGTH - 1)).replace(/[-.]+$/, '');
  return prefix ? `${prefix}-${digest}` : digest;
}

/**
 * Like `shortenName`, keeping `suffix` whole: the name is shortened to what the suffix leaves.
 * When the suffix leaves fewer than 10 characters, `name + suffix` is shortened as a whole.
 */
export function shortenNameWithSuffix(name: string, suffix: string, limit: number): string {
  const full = name + suffix;
  if (full.length <= limit) return full;
  const room = limit - suffix.length;
  if (room < DIGEST_LENGTH) return shortenName(full, limit);
  return shortenName(name, room) + suffix;
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
