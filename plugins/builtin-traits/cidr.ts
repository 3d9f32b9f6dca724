import { isIPv4, isIPv6 } from 'node:net';

/** A parsed CIDR: its address family, the network's first address and its prefix length. */
export interface Cidr {
  bits: 32 | 128;
  network: bigint;
  prefix: number;
}

/** Parses a CIDR as Go's net.ParseCIDR does (host bits allowed); undefined when it is not one. */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const address = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  const bits = isIPv4(address) ? 32 : isIPv6(address) && !address.includes('%') ? 128 : undefined;
  if (bits === undefined || prefix > bits) return undefined;
  const value = bits === 32 ? ipv4Value(address) : ipv6Value(address);
  const hostBits = BigInt(bits - prefix);
  return { bits, network: (value >> hostBits) << hostBits, prefix };
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
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = ipv4Value(last);
    text = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head, rest] = text.split('::');
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = rest === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}
