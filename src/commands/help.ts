// `kurel help`: oclif's standard help command, listed among kurel's own commands rather than
// loaded as a plugin of its own, which oclif would locate and read at every start.
import type { Command } from '@oclif/core/command';
import { commands } from '@oclif/plugin-help';

const help: Command.Class = commands.help;
export default help;
