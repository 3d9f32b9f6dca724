/**
 * Lines of dependencies that cost every start and buy kurel nothing, each replaced by one that
 * does the same for kurel. The build fails when a line is no longer there, rather than quietly
 * losing the change.
 */
const DEPENDENCY_PATCHES = [
  {
    // oclif sorts each plugin's command ids at every start, and the first `localeCompare` in a
    // process sets up ICU's collator: 6-8 ms, for ids of lowercase ASCII letters, `:` and `-`,
    // which code-point order sorts the same way.
    module: '/@oclif/core/lib/config/plugin.js',
    from: '.sort((a, b) => a.id.localeCompare(b.id))',
    to: '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))',
  },
  ...['/wsl-utils/index.js', '/powershell-utils/index.js'].map((module) => ({
    // oclif's platform check loads these, and they bind execFile as they load, which loads
    // child_process (about 3 ms); bound at the first call instead, it loads when one is made.
    module,
    from: 'const execFile = promisify(childProcess.execFile);',
    to: 'const execFile = (...args) => promisify(childProcess.execFile)(...args);',
  })),
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
