// Writes oclif.manifest.json so the CLI starts without scanning and importing every command.
// The oclif developer CLI would otherwise check the registry for a newer oclif on every
// `npm ci` and `npm pack`, and print a warning no kurel user can act on.
import { execFileSync } from 'node:child_process';
execFileSync(process.execPath, ['node_modules/oclif/bin/run.js', 'manifest'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, OCLIF_SKIP_NEW_VERSION_CHECK: 'true' },
});
