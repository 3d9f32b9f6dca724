import { Flags } from '@oclif/core';
import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { reportWarnings } from './support/report.js';

export default class Build extends KurelCommand {
  static override summary = 'Build Kubernetes manifests from an OAM Application.';
  static override description =
    'Reads app.yaml (or a package folder with app.yaml and kurel.yaml), the ClusterProfile and CapabilityDefinitions, and prints the manifests as one YAML stream, or writes <output>/<application name>.yaml.';

  static override examples = ['<%= config.bin %> build examples/webservice/app.yaml', '<%= config.bin %> build ./my-package --profile prod.yaml --set image=repo/app:v1.2.3 -o out/'];

  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    output: Flags.string({ char: 'o', description: 'write <DIR>/<application name>.yaml instead of printing' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Build);
    const { host, engine, registry, input, fetch, renderCharts } = await loadApplication(args.target, flags);
    const result = await engine.buildFetching(input, registry, fetch, renderCharts);
    reportWarnings(result.warnings, engine.formatDiagnostic);
    if (result.objects.length === 0) return;
    if (flags.output) host.writeOutputFile(flags.output, result.applicationName, result.yaml);
    else process.stdout.write(result.yaml);
  }
}
