// The CLI's entry in the bundle: bin/kurel runs oclif from here, so the oclif that runs a command
// is the copy the command classes extend.
import { execute } from '@oclif/core/execute';
import type { PJSON } from '@oclif/core/interfaces';
import { settings } from '@oclif/core/settings';

/** Runs the command line from kurel's folder (`root`) and its package.json. */
export async function run(root: string, pjson: PJSON): Promise<unknown> {
  // The commands run from the bundle whatever NODE_ENV says: under `development` or `test` oclif
  // would load TypeScript at each run to look for their sources beside it.
  settings.enableAutoTranspile = false;
  return execute({ loadOptions: { root, pjson } });
}
