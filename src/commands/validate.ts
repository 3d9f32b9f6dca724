import { Flags } from '@oclif/core';
import type { Diagnostic } from '../engine/index.js';
import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';

export default class Validate extends KurelCommand {
  static override summary = 'Check an application without building it: every diagnostic, nothing written.';
  static override examples = ['<%= config.bin %> validate app.yaml', '<%= config.bin %> validate ./my-package --format json --strict'];

  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    strict: Flags.boolean({ description: 'treat warnings as errors' }),
    format: Flags.string({ description: 'output format', options: ['text', 'json'], default: 'text' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Validate);
    const { engine, registry, input, fetch } = await loadApplication(args.target, flags);
    const result = await engine.check(input, registry, fetch);
    const promoted = flags.strict ? result.warnings.map((warning): Diagnostic => ({ ...warning, severity: 'error' })) : [];
    const errors = [...result.errors, ...promoted];
    const warnings = flags.strict ? [] : result.warnings;
    if (flags.format === 'json') {
      const fields = ({ severity, code, message, file, line, column, path, component, plugin, refusalClass }: Diagnostic) => ({ severity, code, message, file, line, column, path, component, plugin, refusalClass });
      process.stdout.write(`${JSON.stringify({ valid: errors.length === 0, diagnostics: [...errors, ...warnings].map(fields) }, null, 2)}\n`);
    } else {
      for (const warning of warnings) process.stderr.write(`warning: ${engine.formatDiagnostic(warning)}\n`);
      for (const error of errors) process.stderr.write(`Error: ${engine.formatDiagnostic(error)}\n`);
      if (errors.length === 0) this.log(`${args.target}: valid`);
    }
    if (errors.length > 0) process.exitCode = 1;
  }
}
