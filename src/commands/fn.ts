import { KurelCommand } from './support/kurel-command.js';

export default class Fn extends KurelCommand {
  static override summary = 'Run as a KRM function: build what the functionConfig of the ResourceList on standard input names, and print the list with the manifests added.';
  static override description =
    'Reads a config.kubernetes.io/v1 ResourceList on standard input, as kustomize, kpt and other orchestrators of KRM functions give it. Its functionConfig is an Application (built with the embedded profile, or the ClusterProfile file its kurel.dev/profile annotation names) or a kurel.dev/v1alpha1 KurelPackage naming a package folder, an environment, a profile, values files and parameters. Prints the same ResourceList, the built manifests added to its items, every warning and error in its results (each also on stderr); exits 1 when a result is an error, adding no manifest then. Relative paths are read from the working folder (kustomize: the kustomization\'s folder). See docs/krm-function.md.';

  static override examples = ['kubectl kustomize --enable-alpha-plugins . # a generator whose config.kubernetes.io/function runs kurel fn', 'cat resource-list.yaml | <%= config.bin %> fn'];

  async run(): Promise<void> {
    await this.parse(Fn);
    const [host, engine, { runKrmFunction }, { writeDiagnostics }] = await Promise.all([
      import('../host/index.js'),
      import('../engine/index.js'),
      import('./support/krm-function.js'),
      import('./support/report.js'),
    ]);
    if (host.defaultTarget() === undefined) throw engine.kurelErrors.input('kurel fn reads a ResourceList on standard input: pipe one into it, as an orchestrator of KRM functions does');
    const outcome = await runKrmFunction(host.readFileOrStdin(host.STDIN_TARGET, 'reading the ResourceList'));
    process.stdout.write(outcome.text);
    // The specification keeps stdout for the list; an orchestrator shows stderr to the user as it is.
    await writeDiagnostics('warning', outcome.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning'), engine.formatDiagnostic);
    await writeDiagnostics('Error', outcome.diagnostics.filter((diagnostic) => diagnostic.severity !== 'warning'), engine.formatDiagnostic);
    if (outcome.failed) process.exitCode = 1;
  }
}
