import * as Flags from '@oclif/core/flags';
import type { CheckResult, Diagnostic } from '../engine/index.js';
import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { withProfileHint } from './support/profile-hint.js';
import { failureDiagnostics, writeDiagnostics } from './support/report.js';
import { formatFlag } from './support/output.js';
import { reportFields, writeValidationReport } from './support/validation-report.js';

export default class Validate extends KurelCommand {
  static override summary = 'Check an application without building it: every diagnostic, nothing written.';
  static override description =
    'Makes every check build makes, through generation and the collision checks, and reports every diagnostic instead of stopping at the first. Exit 0 when clean, 1 on errors; warnings are shown, and --strict turns them into errors.';

  static override examples = ['<%= config.bin %> validate app.yaml', '<%= config.bin %> validate ./my-package --format json --strict', '<%= config.bin %> validate app.yaml --json'];

  static override enableJsonFlag = true;

  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    strict: Flags.boolean({ description: 'treat warnings as errors' }),
    format: formatFlag(['text', 'json', 'yaml'], 'the diagnostics'),
  };

  async run(): Promise<unknown> {
    const { args, flags } = await this.parse(Validate);
    const engine = await import('../engine/index.js');
    let result: CheckResult;
    let target = '';
    try {
      const loaded = await loadApplication(args.target, flags);
      target = loaded.target;
      const { registry, input, fetch, renderCharts } = loaded;
      result = await engine.check(input, registry, fetch, renderCharts);
    } catch (error) {
      // An input that cannot be read, or a defect, is a finding like any other, in the format asked for.
      result = { errors: await failureDiagnostics(error), warnings: [] };
    }
    const promoted = flags.strict ? result.warnings.map((warning): Diagnostic => ({ ...warning, severity: 'error' })) : [];
    const errors = await withProfileHint([...result.errors, ...promoted], this.argv);
    const warnings = flags.strict ? [] : result.warnings;
    const valid = errors.length === 0;
    if (!valid) process.exitCode = 1;
    const format = this.jsonEnabled() ? 'json' : flags.format;
    if (format !== 'text') {
      const diagnostics = [...errors, ...warnings];
      // Where a theme colours --json, oclif prints what run() returns, as one string; otherwise the
      // report is written here, a diagnostic at a time.
      if (this.jsonEnabled() && this.jsonThemed()) return { valid, diagnostics: diagnostics.map(reportFields) };
      await writeValidationReport(valid, diagnostics, format);
    } else {
      await writeDiagnostics('warning', warnings, engine.formatDiagnostic);
      await writeDiagnostics('Error', errors, engine.formatDiagnostic);
      if (valid) this.log(`${target}: valid`);
    }
    return undefined;
  }

  /** A failure before the run could report (a flag oclif refuses, say) is still JSON when JSON was asked for. */
  protected override async catch(error: Error & { exitCode?: number }): Promise<void> {
    if (!asksForJson(this.argv)) return super.catch(error);
    process.exitCode = 1;
    await writeValidationReport(false, await failureDiagnostics(error), 'json');
  }
}

function asksForJson(argv: readonly string[]): boolean {
  return argv.some((arg, index) => arg === '--format=json' || (arg === '--format' && argv[index + 1] === 'json'));
}
