// A V8 code cache for the bundled CLI: the bytecode of the functions a run compiled, kept on disk
// and handed back to V8 by the next run, so that a start-up no longer parses and compiles the
// same 3 MB of JavaScript each time. Node 22 has this built in (`module.enableCompileCache`), for
// CommonJS and ES modules; Node 20, which kurel supports, does not. The cache is taken after the
// run (`createCachedData` at exit), so it holds the functions the command ran, not only the
// top-level code a cache taken at compile time holds.
//
// Only the bundle's own CommonJS files go through here. On Node 20 code compiled this way cannot
// run `import()`: scripts/bundle/dynamic-imports.mjs makes each one call the function installed here instead.
// V8 checks each cache against its source and its own version and flags, and a rejected or
// unreadable cache is compiled as if absent.
// This file imports nothing but Node's built-ins: it is installed before the bundle loads.
import { isAscii } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { Script } from 'node:vm';

interface CompiledFile {
  script: Script;
  /** Where the cache of a run that ended well goes, and of one that did not. */
  cacheFile: string;
  partialFile: string;
  /** Whether V8 took a cache written by a run that did not end well. */
  tookPartial: boolean;
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
 * A cache holds what its run compiled, and one that V8 takes is never written again. A run that
 * failed (a mistyped path, an invalid document) stops before most of the command's code runs: its
 * cache is kept apart as partial, taken only where there is no other, and replaced by the cache of
 * the first run that exits 0. Otherwise every later run would compile afresh what the failed one
 * never reached (a build of 10 services, after a first build of a missing file: 1.21× as long).
 */
export function installCompileCache(bundleDir: string, variant: string): void {
  const root = bundleDir.endsWith(sep) ? bundleDir : bundleDir + sep;
  readBundleAsOneByteText(root);
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return;
  const cacheDir = compileCacheDir();
  const prototype = (Module as unknown as { prototype: ModuleInternals }).prototype;
  const compile = prototype._compile;
  const toWrite: CompiledFile[] = [];
  const installation = fnv1a(root);
  (globalThis as Record<symbol, unknown>)[Symbol.for('kurel.import')] = (specifier: string, options?: ImportCallOptions) => import(specifier, options);

  prototype._compile = function compileWithCache(this: ModuleInternals, content: string, filename: string) {
    if (!filename.startsWith(root) || !filename.endsWith('.cjs') ) return compile.call(this, content, filename);
    const cacheFile = join(cacheDir, cacheName(`${installation}_${relative(root, filename)}`, statSync(filename), variant));
    const partialFile = partialName(cacheFile);
    const complete = readCache(cacheFile);
    const cachedData = complete ?? readCache(partialFile);
    const script = new Script((Module as unknown as { wrap(source: string): string }).wrap(content), {
      filename,
      cachedData,
    });
    const taken = cachedData !== undefined && !script.cachedDataRejected;
    if (!taken || complete === undefined) toWrite.push({ script, cacheFile, partialFile, tookPartial: taken });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    const require = Module.createRequire(filename);
    return wrapper.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };

  process.once('exit', (code) => {
    for (const { script, cacheFile, partialFile, tookPartial } of toWrite) {
      if (code === 0) writeCache(cacheFile, script.createCachedData());
      else if (!tookPartial) writeCache(partialFile, script.createCachedData());
    }
  });
}

/**
 * The bundle's files are ASCII (the bundler escapes everything else), and Node reads a CommonJS
 * file as UTF-8: decoding checks every byte, some 2 ms for the 1.5 MB shared chunk against under
 * 1 ms as one-byte text, which for ASCII is the same string. A file that is not ASCII after all is
 * read as Node reads it. (A `.cjs` file is loaded by the `.js` loader: Node registers no other.)
 */
function readBundleAsOneByteText(root: string): void {
  const loaders = (Module as unknown as { _extensions: Record<string, LoadFile> })._extensions;
  const loadJs = loaders['.js'];
  loaders['.js'] = function loadFile(this: unknown, module: ModuleInternals, filename: string) {
    if (filename.startsWith(root) && filename.endsWith('.cjs')) {
      const bytes = readFileSync(filename);
      if (isAscii(bytes)) return void module._compile(bytes.toString('latin1'), filename);
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

/** Where the cache of a run that did not end well goes: beside the other, named apart. */
function partialName(cacheFile: string): string {
  return `${cacheFile.slice(0, -'.bin'.length)}${PARTIAL}`;
}

const PARTIAL = '.partial.bin';
/** What `cacheName` and `partialName` name, and a temporary file of `writeCache`: the files in the folder this code wrote. */
const CACHE_FILE = /^[0-9a-f]{8}_.+@\d+-\d+\.[a-z][a-z-]*(\.partial)?\.bin(\.\d+\.tmp)?$/;
/**
 * A cache is written once per installation, build and command and read unchanged after, so its
 * age is that of the first run it serves: one still in use when it is dropped costs that
 * installation a compile, and is written again.
 */
const STALE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The command a cache file serves, whole or partial: `.build.bin` of `…@1-2.build.partial.bin`; none for a temporary file. */
function commandOf(name: string): string | undefined {
  if (!name.endsWith('.bin')) return undefined;
  const rest = name.slice(name.indexOf('@'));
  return rest.slice(rest.indexOf('.')).replace(PARTIAL, '.bin');
}

/**
 * Written whole or not at all (a temporary file renamed into place), in place of the caches this
 * code wrote for an earlier build of the same file and command, whole or partial. A cache that
 * cannot be written is skipped. Every write also drops the caches no installation has written for
 * `STALE_AFTER_MS`: each checkout or project that runs kurel leaves caches of its own, which
 * nothing else removes.
 */
function writeCache(file: string, data: Buffer): void {
  const folder = dirname(file);
  const name = file.slice(folder.length + 1);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(folder, { recursive: true });
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
