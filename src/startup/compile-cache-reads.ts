// How the compile cache reads the bundle's files and their caches: into one buffer, reused from
// file to file. `readFileSync` gives each file a buffer of its own, which the collector frees long
// after, and every page of memory a process touches for the first time is a page fault, dear on a
// virtual machine; pages already touched are written again at little cost.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export interface FileRead {
  /** `before`, the file's bytes and `after`: a view of the shared buffer, good until the next read. */
  framed: Buffer;
  /** The file's bytes alone, within `framed`. */
  body: Buffer;
  size: number;
  mtimeMs: number;
}

export class ReusedReadBuffer {
  private buffer = Buffer.allocUnsafeSlow(0);

  /**
   * The whole file, with `before` written ahead of it and `after` behind it (one byte a character),
   * so that text which frames a file (CommonJS's function wrapper) is one flat string with it
   * instead of a concatenation V8 copies again to flatten.
   */
  read(file: string, before = '', after = ''): FileRead {
    const fd = openSync(file, 'r');
    try {
      const { size, mtimeMs } = fstatSync(fd);
      const room = before.length + size + after.length;
      // Only the pages a read writes are ever touched: a roomy buffer costs address space alone.
      if (this.buffer.length < room) this.buffer = Buffer.allocUnsafeSlow(Math.max(room, 2 * this.buffer.length));
      this.buffer.write(before, 0, 'latin1');
      let read = 0;
      while (read < size) {
        const count = readSync(fd, this.buffer, before.length + read, size - read, read);
        if (count === 0) break;
        read += count;
      }
      const end = before.length + read;
      this.buffer.write(after, end, 'latin1');
      return { framed: this.buffer.subarray(0, end + after.length), body: this.buffer.subarray(before.length, end), size, mtimeMs };
    } finally {
      closeSync(fd);
    }
  }
}
