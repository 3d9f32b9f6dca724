import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { kurelPackageRoot } from '../plugins/plugin-host.js';

/**
 * The text of a file shipped inside one of kurel's dependencies, for a page that embeds it (a
 * browser build of a library). `file` is relative to the folder of the module the package's main
 * export resolves to, since a package's exports map rarely lists its browser builds.
 */
export function readPackageAsset(packageName: string, file: string): string {
  const require = createRequire(join(kurelPackageRoot(), 'package.json'));
  return readFileSync(join(dirname(require.resolve(packageName)), file), 'utf8');
}
