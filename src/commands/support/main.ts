// The CLI's entry in the bundle: bin/kurel runs oclif from here, so the oclif that runs a command
// is the copy the command classes extend.
import { execute } from '@oclif/core';

/** Runs the command line; `dir` is bin/kurel's URL, from which oclif finds kurel's package.json. */
export async function run(dir: string): Promise<unknown> {
  return execute({ dir });
}
