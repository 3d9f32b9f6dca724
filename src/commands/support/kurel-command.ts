import { Command, Errors } from '@oclif/core';
import { reportFailure } from './report.js';

/**
 * The base of every kurel command: any refusal, a flag the command does not know included, is
 * printed as `Error: <message>` on stderr with exit code 1, the way the reference CLI reports it.
 */
export abstract class KurelCommand extends Command {
  protected override async catch(error: Error & { exitCode?: number }): Promise<void> {
    if (error instanceof Errors.ExitError) throw error;
    await reportFailure(error);
    process.exitCode = 1;
  }
}
