import { KurelCommand } from '../support/kurel-command.js';

export default class CmpGenerate extends KurelCommand {
  static override summary = "Argo CD Config Management Plugin: print the manifests of the package in the working folder, built as the Application's plugin env says.";
  static override description =
    "The generate command of kurel's Argo CD plugin (docs/argocd.md). Argo CD runs it in the Application's source folder; it builds that folder as `kurel build .` would, with the flags the plugin env of the Application sets: ARGOCD_ENV_KUREL_ENVIRONMENT (--environment), ARGOCD_ENV_KUREL_PROFILE (--profile), ARGOCD_ENV_KUREL_VALUES (--values, comma-separated), ARGOCD_ENV_KUREL_SET (--set), ARGOCD_ENV_KUREL_SET_STRING (--set-string), ARGOCD_ENV_KUREL_NAMESPACE (--namespace). Manifests on stdout; warnings and errors on stderr, exit 1 on an error.";

  static override examples = ['ARGOCD_ENV_KUREL_ENVIRONMENT=staging <%= config.bin %> cmp generate'];

  async run(): Promise<void> {
    await this.parse(CmpGenerate);
    const [{ cmpFlags }, { loadApplication }, { reportWarnings }] = await Promise.all([import('../support/cmp-environment.js'), import('../support/input-flags.js'), import('../support/report.js')]);
    const { engine, registry, input, fetch, renderCharts } = await loadApplication('.', await cmpFlags(process.env));
    const result = await engine.buildFetching(input, registry, fetch, renderCharts);
    await reportWarnings(result.warnings, engine.formatDiagnostic);
    process.stdout.write(result.yaml);
  }
}
