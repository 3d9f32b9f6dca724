import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { layoutFlags, layoutOptions } from './support/layout-flags.js';
import { formatFlag, outputFlag, outputFolder, renderData, reportWritten } from './support/output.js';
import { reportWarnings } from './support/report.js';

export default class Build extends KurelCommand {
  static override summary = 'Build Kubernetes manifests from an OAM Application.';
  static override description =
    'Reads app.yaml (or a package folder with app.yaml and kurel.yaml, or an application on standard input), the ClusterProfile and CapabilityDefinitions, and prints the manifests as one YAML stream (or, with --format json, a Kubernetes List), or writes <output>/<application name>.yaml.';

  static override examples = [
    '<%= config.bin %> build examples/webservice/app.yaml',
    '<%= config.bin %> build ./my-package --profile prod.yaml --set image=repo/app:v1.2.3 -o out/',
    '<%= config.bin %> build app.yaml -o repo/ --layout flux --placement per-layout',
    'cat app.yaml | <%= config.bin %> build --format json',
  ];

  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    output: outputFlag('write <DIR>/<application name>.yaml instead of printing (with --layout flux: the tree under <DIR>/cluster)'),
    format: formatFlag(['yaml', 'json'], 'the manifests: a YAML stream, or a JSON Kubernetes List'),
    ...layoutFlags,
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Build);
    const output = flags.output === undefined ? undefined : await outputFolder(flags.output);
    const { host, engine, registry, input, fetch, renderCharts } = await loadApplication(args.target, flags);
    if (flags.layout && !output) throw engine.kurelErrors.flag('--layout flux writes a tree of folders: give the output folder with -o DIR (kurel explain --layout flux shows the tree)');
    if (flags.layout && flags.format !== 'yaml') throw engine.kurelErrors.flag(`--format ${flags.format}: the Flux tree is YAML files, kustomize's and Flux's format`);
    // The layout flags are checked before the build, so that a mistyped one costs nothing.
    const layout = flags.layout ? await layoutOptions(flags, input.settings.fluxNamespace) : undefined;
    const result = await engine.buildFetching(input, registry, fetch, renderCharts);
    await reportWarnings(result.warnings, engine.formatDiagnostic);
    if (result.objects.length === 0) return;
    if (layout) {
      const plan = engine.planFluxLayout(result.layout, layout);
      const { folder, written } = host.writeFluxTree(output!, plan);
      reportWritten(`${written} files to ${folder}`);
      return;
    }
    // The List holds the objects as the stream reads back, so that both formats hold the same objects.
    const text = flags.format === 'json' ? await renderData({ apiVersion: 'v1', kind: 'List', items: engine.writtenObjects(result.objects) }, 'json') : result.yaml;
    if (output) reportWritten(host.writeOutputFile(output, result.applicationName, text, flags.format === 'json' ? 'json' : 'yaml'));
    else process.stdout.write(text);
  }
}

