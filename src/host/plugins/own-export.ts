import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** What kurel reads of its own package.json to find its exports. */
export interface PackageManifest {
  name?: string;
  exports?: Record<string, unknown>;
}

/** The conditions Node matches when `require` resolves a package export. */
const REQUIRE_CONDITIONS = new Set(['require', 'node', 'node-addons', 'default']);

/**
 * The file a package's own `exports` map gives `specifier` (`kurel/plugins/builtin-kinds`), for
 * the shapes kurel's package.json uses: an exact subpath or a pattern of one `*`, whose target
 * is a path or an object whose first `require` condition is a path to a file that exists.
 * Anything else gives undefined, and Node's resolution answers it. kurel resolves its built-in
 * plugins here: Node resolves a package export with its ES module resolver, which a build would
 * otherwise load for this alone.
 */
export function ownExportFile(root: string, manifest: PackageManifest, specifier: string): string | undefined {
  const prefix = `${manifest.name}/`;
  if (!manifest.name || !manifest.exports || !specifier.startsWith(prefix)) return undefined;
  const subpath = `./${specifier.slice(prefix.length)}`;
  const match = exportMatch(manifest.exports, subpath);
  if (!match || !plainSegments(match.wildcard)) return undefined;
  const target = requireTarget(match.target);
  if (target === undefined || !target.startsWith('./') || !plainSegments(target.slice(2))) return undefined;
  const file = join(root, target.replaceAll('*', match.wildcard));
  return existsSync(file) ? file : undefined;
}

/** The export entry for `subpath`: an exact key first, else the pattern with the longest head. */
function exportMatch(exports: Record<string, unknown>, subpath: string): { target: unknown; wildcard: string } | undefined {
  if (Object.hasOwn(exports, subpath) && !subpath.includes('*')) return { target: exports[subpath], wildcard: '' };
  let best: { target: unknown; wildcard: string; head: string } | undefined;
  for (const [pattern, target] of Object.entries(exports)) {
    const star = pattern.indexOf('*');
    if (star < 0 || pattern.includes('*', star + 1)) continue;
    const head = pattern.slice(0, star);
    const tail = pattern.slice(star + 1);
    if (subpath.length <= head.length + tail.length || !subpath.startsWith(head) || !subpath.endsWith(tail)) continue;
    if (!best || head.length > best.head.length) best = { target, wildcard: subpath.slice(head.length, subpath.length - tail.length), head };
  }
  return best;
}

/** Node refuses an export whose path steps out of the package or into its dependencies. */
function plainSegments(path: string): boolean {
  return path === '' || path.split('/').every((segment) => !['', '.', '..', 'node_modules'].includes(segment));
}

function requireTarget(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return undefined;
  for (const [condition, value] of Object.entries(target)) {
    if (REQUIRE_CONDITIONS.has(condition)) return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}
