import { configFlags } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { formatFlag, renderData } from './support/output.js';

export default class Plugins extends KurelCommand {
  static override summary = 'List the loaded plugins, what each contributes, and whether it passed the contract check.';
  static override description =
    'For each plugin, built-ins first: its name, version, the kurelApi range it declares, the file it was resolved from, the types it contributes, and whether it passed the contract check. Exit 1 when one did not.';
  static override examples = ['<%= config.bin %> plugins', '<%= config.bin %> plugins --json'];
  static override enableJsonFlag = true;

  static override flags = {
    format: formatFlag(['text', 'json', 'yaml'], 'the list'),
    ...configFlags,
  };

  async run(): Promise<unknown> {
    const { flags } = await this.parse(Plugins);
    const host = await import('../host/index.js');
    const { KUREL_API_VERSION } = await import('../plugin-api/version.js');
    const { config, reports } = await host.inspectPlugins({ searchFrom: process.cwd(), configFile: flags.config });
    if (reports.some((report) => report.problem)) process.exitCode = 1;
    const plugins = reports.map((report) => ({ ...report, contractCheck: report.problem ? 'refused' : 'passed' }));
    const data = { pluginApi: KUREL_API_VERSION, config: config.file ?? null, plugins };
    if (this.jsonEnabled()) return data;
    if (flags.format !== 'text') {
      process.stdout.write(await renderData(data, flags.format));
      return undefined;
    }
    this.log(`plugin API ${KUREL_API_VERSION}; config: ${config.file ?? 'none found'}`);
    for (const report of reports) {
      const status = report.problem ? `contract check REFUSED: ${report.problem}` : 'contract check passed';
      this.log(`\n${report.name} ${report.version} (kurelApi ${report.kurelApi}${report.builtin ? ', built-in' : ''}) — ${status}`);
      this.log(`  from ${report.resolvedFrom}`);
      for (const [position, types] of Object.entries(report.types)) if (types.length > 0) this.log(`  ${position}: ${types.join(', ')}`);
    }
    return undefined;
  }
}
