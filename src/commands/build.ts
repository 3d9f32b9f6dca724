import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { writeLayoutTree, type LayoutTreeFlags } from './support/layout-tree-writer.js';
import { KurelCommand } from './support/kurel-command.js';
import { layoutFlags } from './support/layout-flags.js';
import { formatFlag, outputFlag, outputFolder, renderData, reportRemoved, reportWritten } from './support/output.js';
import { reportWarnings } from './support/report.js';

export default class Build extends KurelCommand {
  static override summary = 'Build Kubernetes manifests from an OAM Application.';
  static override description =
    'Reads app.yaml (or a package folder with app.yaml and kurel.yaml, or an application on standard input), the ClusterProfile and CapabilityDefinitions, and prints the manifests as one YAML stream (or, with --format json, a Kubernetes List), or writes <output>/<application name>.yaml. With -o DIR --layout flux it writes the Flux tree under DIR/clusters/<environment> (DIR/cluster without --environment), keeping what other packages wrote there; it takes several packages, a folder of packages standing for each, and writes nothing unless every one builds.';

  static override examples = [
    '<%= config.bin %> build examples/webservice/app.yaml',
    '<%= config.bin %> build ./my-package --profile prod.yaml --set image=repo/app:v1.2.3 -o out/',
    '<%= config.bin %> build app.yaml -o repo/ --layout flux --placement per-layout',
    '<%= config.bin %> build apps/ -o repo/ --layout flux --environment staging',
    'cat app.yaml | <%= config.bin %> build --format json',
  ];

  // Several packages are built into one tree (--layout): the targets are every argument.
  static override strict = false;
  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    output: outputFlag('write <DIR>/<application name>.yaml instead of printing (with --layout flux: the tree under <DIR>/clusters/<environment>, or <DIR>/cluster)'),
    format: formatFlag(['yaml', 'json'], 'the manifests: a YAML stream, or a JSON Kubernetes List'),
    ...layoutFlags,
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Build);
    const targets = argv as string[];
    const output = flags.output === undefined ? undefined : await outputFolder(flags.output);
    if (flags.layout) return this.writeTree(targets, flags, output);
    if (targets.length > 1) {
      const { kurelErrors } = await import('../engine/index.js');
      throw kurelErrors.flag(`${targets.length} applications are named: one YAML stream holds one application; build them one at a time, or write them into one tree with -o DIR --layout flux`);
    }
    const { host, engine, registry, input, fetch, renderCharts } = await loadApplication(targets[0], flags);
    const result = await engine.buildFetching(input, registry, fetch, renderCharts);
    await reportWarnings(result.warnings, engine.formatDiagnostic);
    if (result.objects.length === 0) return;
    // The List holds the objects as the stream reads back, so that both formats hold the same objects.
    const text = flags.format === 'json' ? await renderData({ apiVersion: 'v1', kind: 'List', items: engine.writtenObjects(result.objects) }, 'json') : result.yaml;
    if (output) reportWritten(host.writeOutputFile(output, result.applicationName, text, flags.format === 'json' ? 'json' : 'yaml'));
    else process.stdout.write(text);
  }

  /** Every package named, built into its share of the tree under DIR. */
  private async writeTree(targets: string[], flags: LayoutTreeFlags & { format: string }, output: string | undefined): Promise<void> {
    const { kurelErrors } = await import('../engine/index.js');
    if (!output) throw kurelErrors.flag('--layout flux writes a tree of folders: give the output folder with -o DIR (kurel explain --layout flux shows the tree)');
    if (flags.format !== 'yaml') throw kurelErrors.flag(`--format ${flags.format}: the Flux tree is YAML files, kustomize's and Flux's format`);
    const { folder, written, removed } = await writeLayoutTree(targets, flags, output);
    if (folder === undefined) return;
    for (const entry of removed) reportRemoved(entry);
    reportWritten(`${written} files to ${folder}`);
  }
}
