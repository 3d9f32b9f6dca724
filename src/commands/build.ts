import { Flags } from '@oclif/core';
import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { layoutFlags, layoutOptions } from './support/layout-flags.js';
import { reportWarnings } from './support/report.js';

export default class Build extends KurelCommand {
  static override summary = 'Build Kubernetes manifests from an OAM Application.';
  static override description =
    'Reads app.yaml (or a package folder with app.yaml and kurel.yaml), the ClusterProfile and CapabilityDefinitions, and prints the manifests as one YAML stream, or writes <output>/<application name>.yaml.';

  static override examples = [
    '<%= config.bin %> build examples/webservice/app.yaml',
    '<%= config.bin %> build ./my-package --profile prod.yaml --set image=repo/app:v1.2.3 -o out/',
    '<%= config.bin %> build app.yaml -o repo/ --layout flux --placement per-layout',
  ];

  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    output: Flags.string({ char: 'o', description: 'write <DIR>/<application name>.yaml instead of printing (with --layout flux: the tree under <DIR>/cluster)' }),
    ...layoutFlags,
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Build);
    const { host, engine, registry, input, fetch, renderCharts } = await loadApplication(args.target, flags);
    if (flags.layout && !flags.output) throw engine.kurelErrors.flag('--layout flux writes a tree of folders: give the output folder with -o DIR (kurel explain --layout flux shows the tree)');
    // The layout flags are checked before the build, so that a mistyped one costs nothing.
    const layout = flags.layout ? await layoutOptions(flags, input.settings.fluxNamespace) : undefined;
    const result = await engine.buildFetching(input, registry, fetch, renderCharts);
    reportWarnings(result.warnings, engine.formatDiagnostic);
    if (result.objects.length === 0) return;
    if (layout) {
      const plan = engine.planFluxLayout(result.layout, layout);
      const { folder, written } = host.writeFluxTree(flags.output!, plan);
      process.stderr.write(`wrote ${written} files to ${folder}\n`);
    } else if (flags.output) host.writeOutputFile(flags.output, result.applicationName, result.yaml);
    else process.stdout.write(result.yaml);
  }
}
