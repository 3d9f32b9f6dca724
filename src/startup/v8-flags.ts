import { createRequire } from 'node:module';
import type { RunSize } from './run-size.js';

const require = createRequire(import.meta.url);

/**
 * Node's modules a run loads that come with code compiled under V8's default flags, which V8
 * refuses once a flag changes: loaded before the flags, they keep that code instead of compiling
 * from source.
 */
const LOADED_BEFORE_FLAGS = ['node:module', 'node:vm', 'node:fs/promises', 'node:tty', 'node:process'];

/** The V8 flags a run of `size` starts with (README.md, "How kurel starts fast"). */
export function v8Flags(size: RunSize): string {
  // Hand a function to the optimizing compiler after four times the default bytecode budget.
  const flags = [`--interrupt-budget=${4 * 66 * 1024}`, '--no-incremental-marking'];
  // Keep the young generation at its first size: it never grows to be faulted in page by page.
  if (size !== 'large') flags.push('--semi-space-growth-factor=1');
  // Leave the baseline compiler off: a tiny run ends before compiled code pays back.
  if (size === 'tiny') flags.push('--no-sparkplug');
  return flags.join(' ');
}

/**
 * Sets V8's flags for a run of `size`, before kurel's code is compiled (the code cache holds under
 * them). Node 20 only: its V8 is the one they were chosen on, later V8s tier up otherwise
 * (Maglev), and a V8 that does not know a flag prints an error for it.
 */
export function setV8Flags(size: RunSize): void {
  if (process.versions.node.split('.')[0] !== '20') return;
  for (const id of LOADED_BEFORE_FLAGS) require(id);
  (require('node:v8') as typeof import('node:v8')).setFlagsFromString(v8Flags(size));
}
