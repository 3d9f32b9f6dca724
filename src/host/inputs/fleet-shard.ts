import { createHash } from 'node:crypto';
import { kurelErrors } from '../../plugin-api/index.js';

/** One machine's share of a fleet: shard `index` of `count`, both from 1. */
export interface Shard {
  index: number;
  count: number;
}

/** `--shard K/N` read: refused unless K and N are whole numbers with 1 ≤ K ≤ N. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const usage = 'give this run\'s share as K/N, shard K of N (1 ≤ K ≤ N), e.g. --shard 2/4 in the second of four CI jobs';
  if (!match) throw kurelErrors.flag(`--shard ${JSON.stringify(text)}: ${usage}`);
  const [index, count] = [Number(match[1]), Number(match[2])];
  if (!Number.isSafeInteger(count) || count < 1) throw kurelErrors.flag(`--shard ${text}: N, the number of shards, is at least 1; ${usage}`);
  if (!Number.isSafeInteger(index) || index < 1 || index > count) throw kurelErrors.flag(`--shard ${text}: K is a shard from 1 to ${count}; ${usage}`);
  return { index, count };
}

/**
 * The shard (from 1) a package belongs to among `count`: a hash of its owner path (its path
 * relative to the output folder, as the tree's owner record names it), so that the share of a
 * package depends on its path and the number of shards alone. A package added to the fleet, or
 * one taken out, moves no other package to another shard; its order among the targets is no part
 * of it. SHA-256 spreads paths evenly whatever their common prefixes.
 */
export function shardOf(ownerPath: string, count: number): number {
  const digest = createHash('sha256').update(ownerPath).digest();
  // 48 bits, exact in a double: the remainder is as even as the hash for any count.
  return (digest.readUIntBE(0, 6) % count) + 1;
}
