import type { Hook } from '@oclif/core/hooks';

/**
 * A command line oclif found no command for. oclif joins its words with `:` while each could still
 * name a command, so the id holds every word typed before the first flag:
 *
 * - a command followed by a word it takes no argument for (`kurel version extra`): that word is
 *   an unexpected argument, as oclif says for a command that takes arguments;
 * - else an unknown command: one `Error:` line naming the words typed (a topic's and the next one,
 *   `profile imprt`) and the closest commands.
 *
 * Either way, exit 1 like every other usage error.
 */
const commandNotFound: Hook<'command_not_found'> = async function (options) {
  const words = options.id.split(':');
  const ids = new Set(options.config.commands.map((command) => command.id));
  for (let length = words.length - 1; length > 0; length--) {
    if (ids.has(words.slice(0, length).join(':'))) {
      process.stderr.write(`Error: Unexpected argument: ${words[length]}\nSee more help with --help\n`);
      process.exitCode = 1;
      return undefined;
    }
  }
  const { didYouMean } = await import('../../plugin-api/kit/suggest.js');
  // A topic (`profile`) is no command: the word after it is part of what was typed.
  let typedWords = 1;
  while (typedWords < words.length && [...ids].some((id) => id.startsWith(`${words.slice(0, typedWords).join(':')}:`))) typedWords++;
  const commands = options.config.commands.filter((command) => !command.hidden).map((command) => command.id.split(':'));
  // Each command is compared with as many words as it has: `profil import` is one edit from
  // `profile import`, though `profil` alone is no topic. The longest command that is close wins,
  // and the words it was compared with are what was typed.
  const lengths = [...new Set(commands.map((command) => command.length))].filter((length) => length <= words.length).sort((a, b) => b - a);
  let typed = words.slice(0, typedWords).join(' ');
  let suggestion = '';
  for (const length of lengths) {
    const candidate = words.slice(0, length).join(' ');
    suggestion = didYouMean(candidate, commands.filter((command) => command.length === length).map((command) => command.join(' ')));
    if (suggestion) {
      if (length > typedWords) typed = candidate;
      break;
    }
  }
  process.stderr.write(`Error: unknown command "${typed}"${suggestion ? ` (${suggestion})` : ''}; see ${options.config.bin} --help\n`);
  process.exitCode = 1;
  return undefined;
};

export default commandNotFound;
