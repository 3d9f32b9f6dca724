import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { layoutFlags, layoutOptions, planLayout } from './support/layout-flags.js';
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
    '<%= config.bin %> build app.yaml -o repo/ --layout argocd --environment prod',
    'cat app.yaml | <%= config.bin %> build --format json',
  ];

  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    output: outputFlag('write <DIR>/<application name>.yaml instead of printing (with --layout: the tree under <DIR>/cluster)'),
    format: formatFlag(['yaml', 'json'], 'the manifests: a YAML stream, or a JSON Kubernetes List'),
    ...layoutFlags,
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Build);
    const output = flags.output === undefined ? undefined : await outputFolder(flags.output);
    const { host, engine, registry, input, fetch, renderCharts, config, configFile } = await loadApplication(args.target, flags);
    const tool = flags.layout === 'argocd' ? 'Argo CD' : 'Flux';
    if (flags.layout && !flags.output) throw engine.kurelErrors.flag(`--layout ${flags.layout} writes a tree of folders: give the output folder with -o DIR (kurel explain --layout ${flags.layout} shows the tree)`);
    if (flags.layout && flags.format !== 'yaml') throw engine.kurelErrors.flag(`--format ${flags.format}: the ${tool} tree is YAML files, kustomize's and ${tool}'s format`);
    // The layout flags are checked before the build, so that a mistyped one costs nothing.
    const layout = flags.layout ? await layoutOptions(flags, { fluxNamespace: input.settings.fluxNamespace, argocd: config.argocd, file: configFile }) : undefined;
    const result = await engine.buildFetching(input, registry, fetch, renderCharts);
    await reportWarnings(result.warnings, engine.formatDiagnostic);
    if (result.objects.length === 0) return;
    if (layout) {
      const { plan } = await planLayout(layout, result.layout, result.namespace);
      const { folder, written } = host.writeLayoutTree(output!, plan, layout.layout === 'argocd' ? 'argocd-layout' : 'flux-layout');
      reportWritten(`${written} files to ${folder}`);
      return;
    }
    // The List holds the objects as the stream reads back, so that both formats hold the same objects.
    const text = flags.format === 'json' ? await renderData({ apiVersion: 'v1', kind: 'List', items: engine.writtenObjects(result.objects) }, 'json') : result.yaml;
    if (output) reportWritten(host.writeOutputFile(output, result.applicationName, text, flags.format === 'json' ? 'json' : 'yaml'));
    else process.stdout.write(text);
  }
}

