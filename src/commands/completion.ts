import * as Args from '@oclif/core/args';
import { completionScript, SHELLS, type CompletedArg, type CompletionSpec, type Shell } from './support/completion-scripts.js';
import { configFlags } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';

export default class Completion extends KurelCommand {
  static override summary = 'Print a shell completion script: commands, flags, their values, and type names.';
  static override description =
    'Prints a script that completes kurel\'s commands and topics, each command\'s flags and the values of those with a fixed set, file names where a flag or argument takes a file, and the component, trait and policy types of the registry (the built-ins and the plugins of the config found from the current folder) where an argument names a type (kurel schemas TYPE). Print it again after adding a plugin.';

  static override examples = [
    'source <(<%= config.bin %> completion bash)    # in ~/.bashrc',
    'source <(<%= config.bin %> completion zsh)     # in ~/.zshrc',
    '<%= config.bin %> completion fish > ~/.config/fish/completions/<%= config.bin %>.fish',
  ];

  static override args = {
    shell: Args.string({ required: true, options: [...SHELLS], description: 'the shell the script is for' }),
  };

  static override flags = { ...configFlags };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Completion);
    const host = await import('../host/index.js');
    const { registry } = await host.startPluginHost({ searchFrom: process.cwd(), configFile: flags.config });
    const spec: CompletionSpec = {
      bin: this.config.bin,
      types: [...registry.componentTypes(), ...registry.traitTypes(), ...registry.policyTypes()],
      commands: this.config.commands
        .filter((command) => !command.hidden)
        .map((command) => ({
          id: command.id.split(':').join(' '),
          summary: command.summary ?? command.description,
          flags: Object.values(command.flags)
            .filter((flag) => !flag.hidden)
            .map((flag) => ({
              name: flag.name,
              char: flag.char,
              summary: flag.summary ?? flag.description,
              takesValue: flag.type === 'option',
              options: flag.type === 'option' ? flag.options : undefined,
            })),
          args: Object.values(command.args).map((arg): CompletedArg => {
            if (arg.options && arg.options.length > 0) return { kind: 'word', options: arg.options };
            // An argument named `type` names a registered type; any other is a file or folder.
            return arg.name === 'type' ? { kind: 'type' } : { kind: 'file' };
          }),
        })),
    };
    process.stdout.write(completionScript(args.shell as Shell, spec));
  }
}
