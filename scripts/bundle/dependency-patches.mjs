/**
 * Lines of dependencies that cost every start and buy kurel nothing, each replaced by one that
 * does the same for kurel. The build fails when a line is no longer there, rather than quietly
 * losing the change.
 */
const DEPENDENCY_PATCHES = [
  {
    // oclif sorts each plugin's command ids at every start, and the first `localeCompare` in a
    // process sets up ICU's collator, for ids of lowercase ASCII letters, `:` and `-`, which
    // code-point order sorts the same way.
    module: '/@oclif/core/lib/config/plugin.js',
    from: '.sort((a, b) => a.id.localeCompare(b.id))',
    to: '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))',
  },
  ...['/wsl-utils/index.js', '/powershell-utils/index.js'].map((module) => ({
    // oclif's platform check loads these, and they bind execFile as they load, which loads
    // child_process; bound at the first call instead, it loads when one is made.
    module,
    from: 'const execFile = promisify(childProcess.execFile);',
    to: 'const execFile = (...args) => promisify(childProcess.execFile)(...args);',
  })),
  {
    // oclif globs a plugin's commands folder only where it has no manifest; kurel ships one. The
    // glob package and its matchers load at the first glob instead of at every start.
    module: '/@oclif/core/lib/config/plugin.js',
    from: 'const tinyglobby_1 = require("tinyglobby");',
    to: 'const tinyglobby_1 = { glob: (...args) => require("tinyglobby").glob(...args) };',
  },
  {
    // oclif reads its manifest, a user's theme and a user's plugin list (the last two seldom
    // there) through fs/promises as it starts: the first such read starts libuv's pool of four
    // threads, and each read goes through it and back, for files of a few kilobytes at most.
    // Read at once, each answers in the same promise with the same result or error (ENOENT),
    // and a build starts no thread beyond those of a bare `node -e 0`.
    module: '/@oclif/core/lib/util/fs.js',
    from: 'const promises_1 = require("node:fs/promises");',
    to: 'const promises_1 = { stat: async (path) => node_fs_1.statSync(path), readFile: async (path, encoding) => node_fs_1.readFileSync(path, encoding) };',
  },
  {
    // oclif's spinner is the action indicator on a terminal's standard error only; elsewhere (CI,
    // a pipe) it is never made, and its frames and escapes need not load.
    module: '/@oclif/core/lib/ux/index.js',
    from: 'const spinner_1 = __importDefault(require("./action/spinner"));',
    to: 'const spinner_1 = { get default() { return __importDefault(require("./action/spinner")).default; } };',
  },
];
export const patchDependencies = {
  name: 'kurel-dependency-patches',
  transform: {
    order: 'pre',
    handler(code, id) {
      const patches = DEPENDENCY_PATCHES.filter((patch) => id.endsWith(patch.module));
      if (patches.length === 0) return null;
      let out = code;
      for (const patch of patches) {
        if (!out.includes(patch.from)) this.error(`${id}: no longer holds \`${patch.from}\`: review DEPENDENCY_PATCHES in scripts/bundle/dependency-patches.mjs`);
        out = out.replace(patch.from, patch.to);
      }
      return { code: out, map: null };
    },
  },
};
