import { Command } from '@oclif/core/command';
import * as Errors from '@oclif/core/errors';
import * as Flags from '@oclif/core/flags';
import { withProfileHint } from './profile-hint.js';
import { reportFailure } from './report.js';

/**
 * The base of every kurel command: any refusal, a flag the command does not know included, is
 * printed as `Error: <message>` on stderr with exit code 1, the way the reference CLI reports it
 * (or `failureExitCode`, for a command whose exit 1 already means something else).
 */
export abstract class KurelCommand extends Command {
  /** The exit code of any refusal. */
  protected failureExitCode = 1;

  static override baseFlags = {
    help: Flags.help({ char: 'h', description: 'show this help' }),
    debug: Flags.boolean({ description: 'show where an internal error or a plugin fault arose, and pass --debug to helm (the same as KUREL_DEBUG=1)' }),
  };

  /**
   * `--debug` is `KUREL_DEBUG=1` for the whole run: set before the command reads its flags, since
   * what it governs (the plugin fault guard, helm's arguments) reads the variable where it runs.
   */
  override async init(): Promise<void> {
    if (this.argv.includes('--debug') && !this.argv.slice(0, this.argv.indexOf('--debug')).includes('--')) process.env.KUREL_DEBUG = '1';
    await super.init();
  }

  /**
   * What --json prints. oclif passes the text through its JSON colourer even where no theme
   * (`theme.json` in kurel's config folder) gives a colour, a pass over every token that leaves the
   * text as it was: without a theme it is written as `--format json` writes it.
   */
  override logJson(json: unknown): void {
    if (this.jsonThemed()) super.logJson(json);
    else process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  }

  /** Whether a theme colours what --json prints. */
  protected jsonThemed(): boolean {
    return this.config.theme?.json !== undefined;
  }

  protected override async catch(error: Error & { exitCode?: number }): Promise<void> {
    if (error instanceof Errors.ExitError) throw error;
    process.exitCode = this.failureExitCode;
    // A command line the parse refused was parsed: oclif's reminder to call parse (printed where
    // NODE_ENV is not production) is for commands that never do.
    this.parsed = true;
    const { isKurelError, KurelError } = await import('../../engine/index.js');
    if (isKurelError(error)) {
      const { diagnostics } = error;
      const hinted = await withProfileHint(diagnostics, this.argv);
      if (hinted.some((diagnostic, index) => diagnostic !== diagnostics[index])) error = new KurelError(hinted);
    }
    // With oclif's --json, a failure is JSON on stdout too, so a script reads one format.
    if (this.jsonEnabled()) {
      const diagnostics = isKurelError(error) ? error.diagnostics : [];
      this.logJson({ error: { code: isKurelError(error) ? error.code : null, message: error.message, diagnostics } });
      return;
    }
    const flags = { ...this.ctor.baseFlags, ...this.ctor.flags } as Record<string, { char?: string; options?: readonly string[] }>;
    await reportFailure(error, Object.entries(flags).map(([name, flag]) => ({ name, char: flag.char, options: flag.options })));
  }
}
