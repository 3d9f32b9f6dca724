// The CLI's entry in the bundle: bin/kurel runs oclif from here, so the oclif that runs a command
// is the copy the command classes extend.
export { execute } from '@oclif/core';
