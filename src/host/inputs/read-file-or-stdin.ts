import { readFileSync } from 'node:fs';
import type { InputFile } from '../../engine/index.js';
import { readInput } from './read-inputs.js';

/** A file's text, or standard input's for `-`; what `-` reads is named `<stdin>` in messages. */
export function readFileOrStdin(path: string, what: string): InputFile {
  return path === '-' ? { file: '<stdin>', text: readFileSync(0, 'utf8') } : readInput(path, what);
}
