import type { Hook } from '@oclif/core/hooks';

/**
 * An unknown command: one `Error:` line naming the word typed and the closest commands, exit 1
 * like every other usage error. oclif joins the words of the command line with `:` when looking
 * a command up, so the word typed is the first of them.
 */
const commandNotFound: Hook<'command_not_found'> = async function (options) {
  const { didYouMean } = await import('../../plugin-api/suggest.js');
  const typed = options.id.split(':')[0];
  const commands = options.config.commands.filter((command) => !command.hidden).map((command) => command.id);
  const suggestion = didYouMean(typed, commands);
  process.stderr.write(`Error: unknown command "${typed}"${suggestion ? ` (${suggestion})` : ''}; see ${options.config.bin} --help\n`);
  process.exitCode = 1;
  return undefined;
};

export default commandNotFound;
