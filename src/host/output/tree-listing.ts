import { lstatSync, readdirSync } from 'node:fs';
import type { MessagePort, Worker } from 'node:worker_threads';

/** What a file's stat says of it that tells an edit: as git's index keeps it (`TreeStamps`). */
export interface FileStat {
  size: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
}

/**
 * Every entry below a folder: its regular files by relative POSIX path, with their stats where
 * asked for, and anything neither file nor folder (a symlink, a socket) in `foreign`.
 */
export interface TreeListing {
  files: string[];
  /** Each file's stat, at the file's index; none where stats were not taken. */
  stats?: FileStat[];
  foreign: string[];
}

/** Lists the entries below `root` here, with each file's stat when `withStats`. */
export function listTree(root: string, withStats: boolean): TreeListing {
  const files: string[] = [];
  const foreign: string[] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    const relative = pending.pop()!;
    for (const entry of readdirSync(relative ? `${root}/${relative}` : root, { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) files.push(path);
      else foreign.push(path);
    }
  }
  // Paths joined by hand: `join` normalises each of thousands of them again.
  return withStats ? { files, stats: files.map((path) => lstatSync(`${root}/${path}`)), foreign } : { files, foreign };
}

/**
 * The lister's code, run on a thread of its own (`new Worker(…, { eval: true })`): it lists each
 * folder it is given as `listTree` does, with stats, and posts each listing (or its error) as soon
 * as it has it, then wakes the thread that may be waiting for it. Plain JavaScript: a worker
 * started from source runs no TypeScript and loads nothing of kurel's.
 */
const LISTER_SOURCE = `
const { lstatSync, readdirSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
const { folders, port, signal } = workerData;
const posted = new Int32Array(signal);
for (const root of folders) {
  let message;
  try {
    const files = [];
    const foreign = [];
    const pending = [''];
    while (pending.length > 0) {
      const relative = pending.pop();
      for (const entry of readdirSync(relative ? root + '/' + relative : root, { withFileTypes: true })) {
        const path = relative ? relative + '/' + entry.name : entry.name;
        if (entry.isDirectory()) pending.push(path);
        else if (entry.isFile()) files.push(path);
        else foreign.push(path);
      }
    }
    const stats = new Float64Array(files.length * 4);
    files.forEach((path, at) => {
      const stat = lstatSync(root + '/' + path);
      stats.set([stat.size, stat.ino, stat.mtimeMs, stat.ctimeMs], at * 4);
    });
    message = { root, files, stats, foreign };
  } catch (error) {
    message = { root, failed: true };
  }
  port.postMessage(message, message.stats ? [message.stats.buffer] : []);
  Atomics.add(posted, 0, 1);
  Atomics.notify(posted, 0);
}
port.close();
`;

interface ListerMessage {
  root: string;
  failed?: true;
  files?: string[];
  stats?: Float64Array;
  foreign?: string[];
}

/**
 * How long a listing is waited for before the folder is listed here instead: the lister is stuck,
 * or far slower than this thread would be. A lister that misses it is not waited for again.
 */
const WAIT_MS = 2_000;

type WorkerThreads = typeof import('node:worker_threads');

/**
 * The folders' listings, taken on a thread of their own while this one does other work (looking
 * packages up in the build cache): the thousands of stats of a fleet's trees cost this thread
 * nothing. `take` hands a folder's listing over once, waiting for it where it is not there yet;
 * undefined for a folder not asked for, or one the lister could not list in time (it is then
 * listed here, and fails here with the error to report).
 */
export class TreeListings {
  private readonly received = new Map<string, TreeListing | undefined>();
  private readonly posted = new Int32Array(new SharedArrayBuffer(4));
  private seen = 0;
  private port?: MessagePort;
  private worker?: Worker;

  private constructor(
    private readonly folders: readonly string[],
    private readonly threads?: WorkerThreads,
  ) {}

  /** Starts listing `folders` (absolute paths); no thread where there is none to list. */
  static async start(folders: readonly string[]): Promise<TreeListings> {
    if (folders.length === 0) return new TreeListings(folders);
    // Loaded here: a build that writes no tree starts no thread.
    const threads = await import('node:worker_threads');
    const listings = new TreeListings(folders, threads);
    const { port1, port2 } = new threads.MessageChannel();
    try {
      listings.worker = new threads.Worker(LISTER_SOURCE, { eval: true, workerData: { folders, port: port2, signal: listings.posted.buffer }, transferList: [port2] });
      // The lister neither keeps this process alive nor fails it: what it does not list is listed here.
      listings.worker.unref();
      listings.worker.on('error', () => undefined);
      listings.port = port1;
    } catch {
      port1.close();
    }
    return listings;
  }

  /** The listing of `root` (one of the folders asked for), or undefined: see the class. */
  take(root: string): TreeListing | undefined {
    const { port, threads } = this;
    if (port === undefined || threads === undefined || !this.folders.includes(root)) return undefined;
    while (!this.received.has(root)) {
      if (this.seen === Atomics.load(this.posted, 0) && Atomics.wait(this.posted, 0, this.seen, WAIT_MS) === 'timed-out') {
        this.close();
        return undefined;
      }
      for (let message = threads.receiveMessageOnPort(port); message; message = threads.receiveMessageOnPort(port)) {
        this.seen++;
        const { root: listed, failed, files, stats, foreign } = message.message as ListerMessage;
        this.received.set(listed, failed ? undefined : { files: files!, stats: files!.map((_, at) => ({ size: stats![at * 4], ino: stats![at * 4 + 1], mtimeMs: stats![at * 4 + 2], ctimeMs: stats![at * 4 + 3] })), foreign: foreign! });
      }
    }
    const listing = this.received.get(root);
    // Handed over once: a folder taken is about to be written, and a later reading lists it anew.
    this.received.set(root, undefined);
    return listing;
  }

  /** Stops the lister where it still runs; later takes list nothing. */
  close(): void {
    this.port?.close();
    this.port = undefined;
    void this.worker?.terminate();
    this.worker = undefined;
  }
}
