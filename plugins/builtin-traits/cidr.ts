import { isIPv4, isIPv6 } from 'node:net';

/** A parsed CIDR: its address family, the network's first address and its prefix length. */
export interface Cidr {
  bits: 32 | 128;
  network: bigint;
  prefix: number;
  /** The address as written, host bits included. */
  address: bigint;
}

/**
 * Parses a CIDR the way the API server's strict validation reads one; undefined when it is not
 * one. Node's address check already refuses IPv4 octets with leading zeros; an IPv4-mapped IPv6
 * address is refused too. Bits set past the prefix are reported apart, by `hasHostBits`.
 */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const address = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  const bits = isIPv4(address) ? 32 : isIPv6(address) && !address.includes('%') && !address.includes('.') ? 128 : undefined;
  if (bits === undefined || prefix > bits) return undefined;
  const value = bits === 32 ? ipv4Value(address) : ipv6Value(address);
  const hostBits = BigInt(bits - prefix);
  return { bits, network: (value >> hostBits) << hostBits, prefix, address: value };
}

/** Whether the address has bits set past the prefix ("10.0.0.1/8"). */
export function hasHostBits(cidr: Cidr): boolean {
  return cidr.address !== cidr.network;
}

/** Whether `inner` lies within `outer` and is smaller than it. */
export function isStrictSubset(inner: Cidr, outer: Cidr): boolean {
  if (inner.bits !== outer.bits || inner.prefix <= outer.prefix) return false;
  const hostBits = BigInt(outer.bits - outer.prefix);
  return inner.network >> hostBits === outer.network >> hostBits;
}

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Value(address: string): bigint {
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head, rest] = address.split('::');
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = rest === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}
