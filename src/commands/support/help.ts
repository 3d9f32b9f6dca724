import { Help } from '@oclif/core/help';

/**
 * oclif's help, but help for a command that does not exist is a usage error like the others:
 * one `Error:` line with the closest commands, exit 1.
 */
export default class KurelHelp extends Help {
  override async showHelp(argv: string[]): Promise<void> {
    try {
      await super.showHelp(argv);
    } catch (error) {
      const missing = error instanceof Error ? /^Command (\S+) not found\.$/.exec(error.message) : null;
      if (!missing) throw error;
      const { didYouMean } = await import('../../plugin-api/kit/suggest.js');
      const typed = missing[1].split(':')[0];
      const suggestion = didYouMean(typed, this.config.commands.filter((command) => !command.hidden).map((command) => command.id));
      process.stderr.write(`Error: unknown command "${typed}"${suggestion ? ` (${suggestion})` : ''}; see ${this.config.bin} --help\n`);
      process.exitCode = 1;
    }
  }
}
