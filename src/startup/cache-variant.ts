import { existsSync } from 'node:fs';
import type { RunSize } from './run-size.js';

/**
 * Which code cache a run takes. The first run of a kind writes the cache every later one reads,
 * so runs that compile different functions keep apart: `build` and `validate` differ, and a
 * command's `--help` runs none of the command; a word that names no command shares one cache. A
 * run of another size keeps apart too, as V8 refuses a cache made under other flags (v8-flags.ts).
 */
export function cacheVariant(args: readonly string[], bundle: string, size: RunSize): string {
  const word = /^[a-z][a-z-]{0,30}$/.test(args[0] ?? '') ? args[0] : undefined;
  const command = word && (existsSync(`${bundle}commands/${word}.cjs`) || existsSync(`${bundle}commands/${word}`)) ? word : 'other';
  const kind = args.includes('--help') || args.includes('-h') ? `${command}-help` : command;
  return size === 'small' ? kind : `${kind}-${size}`;
}
