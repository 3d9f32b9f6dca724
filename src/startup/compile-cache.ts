// A V8 code cache for the bundled CLI: the bytecode of the functions a run compiled, kept on disk
// and handed back to V8 by the next run, so that a start-up does not parse and compile the same
// bundle each time. Node 22 has this built in (`module.enableCompileCache`), for
// CommonJS and ES modules; Node 20, which kurel supports, does not. The cache is taken after the
// run (`createCachedData` at exit), so it holds the functions the command ran, not only the
// top-level code a cache taken at compile time holds.
//
// Only the bundle's own CommonJS files go through here. On Node 20 code compiled this way cannot
// run `import()`: scripts/bundle/dynamic-imports.mjs makes each one call the function installed here instead.
// V8 checks each cache against its source and its own version and flags, and a rejected or
// unreadable cache is compiled as if absent.
// Part of start-up (src/startup): it is installed before the rest of the bundle loads.
import { isAscii } from 'node:buffer';
import { readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { Script } from 'node:vm';
import { type FileRead, ReusedReadBuffer } from './compile-cache-reads.js';
import { makeFolders } from '../host/files/make-folders.js';

/** The states a cache is kept in, each in a file of its own (see `installCompileCache`). */
type CacheState = 'settled' | 'whole' | 'partial';

interface CompiledFile {
  script: Script;
  /** The file's cache in each state, by name. */
  files: Record<CacheState, string>;
  /** The state of the cache V8 took, and its size; none where it took none. */
  took?: { state: CacheState; bytes: number };
}

type LoadFile = (this: unknown, module: ModuleInternals, filename: string) => void;

interface ModuleInternals {
  _compile(content: string, filename: string): unknown;
  exports: unknown;
  filename: string;
}

/** Where code caches go: beside the chart cache, `$KUREL_CACHE_DIR` or `~/.cache/kurel`. */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.KUREL_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kurel');
  return join(base, 'compile', `${process.version}-${process.arch}`);
}

/**
 * Compiles every CommonJS file under `bundleDir` with the cache of a previous run of the same
 * command (`variant`: the functions `build` runs are not those `--help` runs), and writes the
 * cache at exit where there was none or V8 refused it.
 *
 * A cache holds what its run compiled, and a run that takes one compiles afresh whatever its cache
 * lacks. A run that fails (a mistyped path, an invalid document) stops before most of the
 * command's code runs: its cache is kept as partial, taken only where there is no other, and
 * replaced by the cache of the first run that exits 0. A run that exits 0 with a whole cache
 * writes it again where it compiled more than the cache held (a first run that used fewer of the
 * command's functions than later ones), and settles it where it compiled nothing more: a
 * settled cache is taken as it is, without the cost of serializing the run's code at exit, except
 * by one run a day, which checks it as it would a whole one (a command's later inputs may run code
 * the earlier ones did not). With `write: false` (a worker thread's) the caches are read and
 * none is written.
 */
export function installCompileCache(bundleDir: string, variant: string, options: { write?: boolean } = {}): void {
  const root = bundleDir.endsWith(sep) ? bundleDir : bundleDir + sep;
  const isBundleFile = (filename: string) => filename.startsWith(root) && filename.endsWith('.cjs');
  const reads = new ReusedReadBuffer();
  if (process.env.NODE_DISABLE_COMPILE_CACHE) {
    readBundleAsOneByteText(isBundleFile, reads, ['', ''], (module, source, filename) => module._compile(source, filename));
    return;
  }
  // A worker thread of this run (a fleet's, src/startup/plan-worker.ts) reads the same caches.
  (globalThis as Record<symbol, unknown>)[COMPILE_CACHE_VARIANT] = variant;
  const cacheDir = compileCacheDir();
  const prototype = (Module as unknown as { prototype: ModuleInternals }).prototype;
  const compile = prototype._compile;
  const compiled: CompiledFile[] = [];
  const installation = fnv1a(root);
  const wrapper = moduleWrapper();
  (globalThis as Record<symbol, unknown>)[Symbol.for('kurel.import')] = (specifier: string, options?: ImportCallOptions) => import(specifier, options);

  /** Runs a bundle file, given as CommonJS wraps it, compiled with its cache where there is one. */
  function compileWithCache(module: ModuleInternals, wrapped: string, filename: string, stat: { size: number; mtimeMs: number }): unknown {
    const files = cacheFiles(join(cacheDir, cacheName(`${installation}_${relative(root, filename)}`, stat, variant)));
    let found: { state: CacheState; data: Buffer; mtimeMs: number } | undefined;
    for (const state of CACHE_STATES) {
      const read = readCache(reads, files[state]);
      if (read) {
        found = { state, data: read.body, mtimeMs: read.mtimeMs };
        break;
      }
    }
    // V8 takes what it needs of the cache while it compiles: the buffer is free for the next read after.
    const script = new Script(wrapped, { filename, cachedData: found?.data });
    const took = found && !script.cachedDataRejected ? { state: found.state, bytes: found.data.length } : undefined;
    // A settled cache checked within the day is taken as it is: nothing of this run is written at exit.
    const settledAndChecked = took?.state === 'settled' && found !== undefined && !dueForRecheck(found.mtimeMs);
    if (!settledAndChecked && options.write !== false) compiled.push({ script, files, took });
    const run = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    const require = Module.createRequire(filename);
    return run.call(module.exports, module.exports, require, module, filename, dirname(filename));
  }

  readBundleAsOneByteText(isBundleFile, reads, wrapper, compileWithCache);
  // A bundle file that is not ASCII after all is read as Node reads it, and compiled here.
  prototype._compile = function compileBundleFile(this: ModuleInternals, content: string, filename: string) {
    if (!isBundleFile(filename)) return compile.call(this, content, filename);
    return compileWithCache(this, `${wrapper[0]}${content}${wrapper[1]}`, filename, statSync(filename));
  };

  process.once('exit', (code) => {
    for (const { script, files, took } of compiled) {
      if (code !== 0) {
        if (!took) writeCache(files.partial, script.createCachedData());
        continue;
      }
      const data = script.createCachedData();
      if (took && took.state !== 'partial' && !compiledMore(data.length, took.bytes)) settleCache(files[took.state], files.settled);
      else writeCache(files.whole, data);
    }
  });
}

/**
 * Where `installCompileCache` leaves the variant whose caches it read: a worker thread started by
 * the run reads them too (`{ write: false }`: what a worker compiles is not what the command runs).
 */
export const COMPILE_CACHE_VARIANT = Symbol.for('kurel.compileCacheVariant');

/** The text CommonJS puts before and after a file's source (`Module.wrap`), which V8 caches with it. */
function moduleWrapper(): readonly [string, string] {
  const mark = '\u0000';
  const [start, end] = (Module as unknown as { wrap(source: string): string }).wrap(mark).split(mark);
  return [start, end];
}

/**
 * The bundle's files are ASCII (the bundler escapes everything else), and Node reads a CommonJS
 * file as UTF-8, checking every byte as it decodes; read as one-byte text, ASCII gives the same
 * string at less cost. Each bundle file is read so, framed
 * by `frame`, and handed to `compileSource`; a file that is not ASCII after all is read as Node
 * reads it. (A `.cjs` file is loaded by the `.js` loader: Node registers no other.)
 */
function readBundleAsOneByteText(
  isBundleFile: (filename: string) => boolean,
  reads: ReusedReadBuffer,
  frame: readonly [string, string],
  compileSource: (module: ModuleInternals, source: string, filename: string, stat: { size: number; mtimeMs: number }) => unknown,
): void {
  const loaders = (Module as unknown as { _extensions: Record<string, LoadFile> })._extensions;
  const loadJs = loaders['.js'];
  loaders['.js'] = function loadFile(this: unknown, module: ModuleInternals, filename: string) {
    if (isBundleFile(filename)) {
      const { framed, body, size, mtimeMs } = reads.read(filename, frame[0], frame[1]);
      if (isAscii(body)) return void compileSource(module, framed.toString('latin1'), filename, { size, mtimeMs });
    }
    return loadJs.call(this, module, filename);
  };
}

/**
 * Where kurel is installed: two installations (two checkouts, two projects' node_modules) keep
 * caches of their own. A 32-bit FNV-1a hash, enough to tell a handful of folders apart.
 */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * The installation, the file's place in the bundle, its size and modification time: a rebuilt
 * bundle gets new caches. (V8 checks a cache against its source's length alone, so the name must
 * not outlive a change of the file.)
 */
function cacheName(file: string, stat: { size: number; mtimeMs: number }, variant: string): string {
  return `${file.replaceAll(sep, '_')}@${stat.size}-${Math.trunc(stat.mtimeMs)}.${variant}.bin`;
}

/** In the order they are taken: a settled cache first, a partial one only where there is no other. */
const CACHE_STATES: readonly CacheState[] = ['settled', 'whole', 'partial'];

/** The names of a cache in each state: `….build.bin` is whole, `….build.settled.bin` settled. */
function cacheFiles(wholeFile: string): Record<CacheState, string> {
  const stem = wholeFile.slice(0, -'.bin'.length);
  return { whole: wholeFile, settled: `${stem}.settled.bin`, partial: `${stem}.partial.bin` };
}

/** What `cacheName` and `cacheFiles` name, and a temporary file of `writeCache`: the files in the folder this code wrote. */
const CACHE_FILE = /^[0-9a-f]{8}_.+@\d+-\d+\.[a-z][a-z-]*(\.settled|\.partial)?\.bin(\.\d+\.tmp)?$/;
/**
 * A cache is dated when it is written, settled or checked (a settled one in use is checked daily),
 * so one this old has served no run for a month, or served one that never exited 0 (partial).
 */
const STALE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

/** A cache's bytes, in the shared read buffer (good until its next read), and when it was dated. */
function readCache(reads: ReusedReadBuffer, file: string): FileRead | undefined {
  try {
    return reads.read(file);
  } catch {
    return undefined;
  }
}

/** The command a cache file serves, in any state: `.build.bin` of `…@1-2.build.partial.bin`; none for a temporary file. */
function commandOf(name: string): string | undefined {
  if (!name.endsWith('.bin')) return undefined;
  const rest = name.slice(name.indexOf('@'));
  return rest.slice(rest.indexOf('.')).replace(/\.(settled|partial)\.bin$/, '.bin');
}

/**
 * Whether a run compiled code its cache lacked: a cache some 4 KB or a hundredth larger. Runs of
 * the same input differ by a few functions (compiled or not as timing has it, some tens of bytes);
 * a build that runs code its first run never ran adds tens of kilobytes (a trait's handlers).
 */
function compiledMore(bytes: number, cachedBytes: number): boolean {
  return bytes > cachedBytes + Math.max(4096, cachedBytes / 100);
}

/**
 * A cache a run took and compiled nothing it lacked: renamed settled where it was whole, and
 * dated now, so that the next check is a day away.
 */
function settleCache(file: string, settledFile: string): void {
  try {
    if (file !== settledFile) renameSync(file, settledFile);
    const now = new Date();
    utimesSync(settledFile, now, now);
  } catch {
    // Another run settled or replaced it first.
  }
}

/** A settled cache (dated `mtimeMs`) last checked a day ago or more. */
function dueForRecheck(mtimeMs: number): boolean {
  return mtimeMs < Date.now() - RECHECK_AFTER_MS;
}

const RECHECK_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Written whole or not at all (a temporary file renamed into place), in place of the caches this
 * code wrote for an earlier build of the same file and command, in any state. A cache that
 * cannot be written is skipped. Every write also drops the caches no installation has written for
 * `STALE_AFTER_MS`: each checkout or project that runs kurel leaves caches of its own, which
 * nothing else removes.
 */
function writeCache(file: string, data: Buffer): void {
  const folder = dirname(file);
  const name = file.slice(folder.length + 1);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    makeFolders(folder);
    writeFileSync(temporary, data);
    renameSync(temporary, file);
    const [source] = name.split('@');
    const command = commandOf(name);
    const staleBefore = Date.now() - STALE_AFTER_MS;
    for (const other of readdirSync(folder)) {
      if (other === name || !CACHE_FILE.test(other)) continue;
      if ((other.startsWith(`${source}@`) && commandOf(other) === command) || statSync(join(folder, other)).mtimeMs < staleBefore) rmSync(join(folder, other), { force: true });
    }
  } catch {
    // A read-only or full disk costs the next run its cache, never this run its output.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing more to tidy.
    }
  }
}
