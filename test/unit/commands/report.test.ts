import { Writable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { writeDiagnostics } from '../../../src/commands/support/report.js';
import type { Diagnostic } from '../../../src/engine/index.js';

/** A stream that takes each write only when told to, as a pipe whose reader is slow. */
function slowStream() {
  const taken: string[] = [];
  const waiting: Array<() => void> = [];
  const stream = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      taken.push(chunk.toString());
      waiting.push(done);
    },
  });
  return { stream, taken, takeOne: () => waiting.shift()?.() };
}

// Each diagnostic is a chunk of its own: longer than the 64 KiB a write holds.
const diagnostics = ['a', 'b', 'c'].map((letter): Diagnostic => ({ code: 'KUREL_PROPERTY', severity: 'error', message: letter.repeat(70_000) }));
const format = (diagnostic: Diagnostic) => diagnostic.message;

describe('writeDiagnostics', () => {
  it('hands the stream a chunk only once it has taken the one before, and writes every line in order', async () => {
    const { stream, taken, takeOne } = slowStream();
    let finished = false;
    const writing = writeDiagnostics('Error', diagnostics, format, stream).then(() => (finished = true));
    await tick();
    // Held: the chunk being taken, and nothing queued behind it.
    expect(taken).toHaveLength(1);
    expect(stream.writableLength).toBe(70_008);
    takeOne();
    await tick();
    expect(taken).toHaveLength(2);
    expect(stream.writableLength).toBe(70_008);
    expect(finished).toBe(false);
    takeOne();
    await tick();
    expect(taken).toHaveLength(3);
    takeOne();
    await writing;
    expect(finished).toBe(true);
    expect(taken.map((chunk) => chunk.slice(0, 8))).toEqual(['Error: a', 'Error: b', 'Error: c']);
    expect(taken.every((chunk) => chunk.length === 70_008 && chunk.endsWith('\n'))).toBe(true);
  });

  it('stops waiting when the stream closes before it drains', async () => {
    const { stream, taken } = slowStream();
    const writing = writeDiagnostics('Error', diagnostics, format, stream);
    await tick();
    stream.destroy();
    await writing;
    expect(taken).toHaveLength(1);
  });
});
