import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { layoutFlags } from './support/layout-flags.js';
import { writeLayoutTree } from './support/layout-tree-writer.js';
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
    if (flags.layout) {
      const { folder, written } = await writeLayoutTree(args.target, flags, output);
      if (folder) reportWritten(`${written} files to ${folder}`);
      return;
    }
    const { host, engine, registry, input, fetch, renderCharts } = await loadApplication(args.target, flags);
    const result = await engine.buildFetching(input, registry, fetch, renderCharts);
    await reportWarnings(result.warnings, engine.formatDiagnostic);
    if (result.objects.length === 0) return;
    // The List holds the objects as the stream reads back, so that both formats hold the same objects.
    const text = flags.format === 'json' ? await renderData({ apiVersion: 'v1', kind: 'List', items: engine.writtenObjects(result.objects) }, 'json') : result.yaml;
    if (output) reportWritten(host.writeOutputFile(output, result.applicationName, text, flags.format === 'json' ? 'json' : 'yaml'));
    else process.stdout.write(text);
  }
}

