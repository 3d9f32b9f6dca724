/**
 * Node built-ins that cost milliseconds to load and that most runs never call: `child_process`
 * (helm, git), `crypto` (hashes for long names, charts and folders kurel owns), `assert/strict`
 * (the handler tester), `readline` (oclif reading a flag's value from standard input) and
 * `perf_hooks` (oclif's timings, kept only when a program turns them on). Each `require` of them
 * at the top of a chunk becomes a stand-in that loads the module on the first use of one of its
 * members.
 */
const LAZY_BUILTINS = ['child_process', 'crypto', 'assert/strict', 'readline', 'perf_hooks'];
const LAZY_HELPER = `function __kurelLazyBuiltin(id, asDefault) {
  let loaded;
  const load = () => (loaded ??= require(id));
  return new Proxy({}, {
    get: (_, key) => (key === '__esModule' ? undefined : asDefault && key === 'default' ? load() : load()[key]),
    has: (_, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(load(), key);
      return found && { ...found, configurable: true };
    },
  });
}
`;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
export const lazyBuiltins = {
  name: 'kurel-lazy-builtins',
  renderChunk(code) {
    let out = code;
    for (const name of LAZY_BUILTINS) {
      const id = escape(name);
      // An ES import of the module's default: rolldown wraps the module (`__toESM(X, 1)`), whose
      // `default` is the module itself.
      out = out.replace(
        new RegExp(`let (\\w+) = require\\("node:${id}"\\);\\n\\1 = require_rolldown_runtime\\.__toESM\\(\\1, 1\\);`, 'g'),
        (_, variable) => `let ${variable} = __kurelLazyBuiltin("node:${name}", true);`,
      );
      out = out.replace(new RegExp(`require\\("(?:node:)?${id}"\\)`, 'g'), `__kurelLazyBuiltin("node:${name}")`);
    }
    return out === code ? null : { code: `${LAZY_HELPER}${out}`, map: null };
  },
};
