import { Args, Flags } from '@oclif/core';
import { KurelCommand } from './support/kurel-command.js';
import { reportWarnings } from './support/report.js';

export default class Build extends KurelCommand {
  static override summary = 'Build Kubernetes manifests from an OAM Application.';
  static override description =
    'Reads app.yaml (or a package folder with app.yaml and kurel.yaml), the ClusterProfile and CapabilityDefinitions, and prints the manifests as one YAML stream, or writes <output>/<application name>.yaml.';

  static override examples = ['<%= config.bin %> build examples/webservice/app.yaml', '<%= config.bin %> build ./my-package --profile prod.yaml --set image=repo/app:v1.2.3 -o out/'];

  static override args = {
    target: Args.string({ required: true, description: 'app.yaml or a package folder' }),
  };

  static override flags = {
    profile: Flags.string({ description: 'ClusterProfile file (default: an embedded profile with no capabilities bound)' }),
    output: Flags.string({ char: 'o', description: 'write <DIR>/<application name>.yaml instead of printing' }),
    namespace: Flags.string({ char: 'n', description: 'namespace override (a DNS-1123 label)' }),
    'cluster-id': Flags.string({ description: 'cluster identifier', default: 'local' }),
    values: Flags.string({ description: 'values file for the package parameters (needs kurel.yaml)' }),
    set: Flags.string({ description: 'set a package parameter: key=value (repeatable; needs kurel.yaml)', multiple: true, multipleNonGreedy: true }),
    'capability-def': Flags.string({ description: 'CapabilityDefinition file (repeatable)', multiple: true, multipleNonGreedy: true }),
    'strict-capabilities': Flags.boolean({ description: 'a custom capability with no definition is an error instead of a warning' }),
    config: Flags.string({ description: 'plugin config file (default: searched from the application folder upward)' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Build);
    const [host, engine] = await Promise.all([import('../host/index.js'), import('../engine/index.js')]);
    const { appDir } = host.locateApplication(args.target);
    const { registry } = await host.startPluginHost({ searchFrom: appDir, configFile: flags.config });
    const input = host.readBuildInput({
      target: args.target,
      profile: flags.profile,
      values: flags.values,
      sets: flags.set ?? [],
      capabilityDefinitions: flags['capability-def'] ?? [],
      strictCapabilities: flags['strict-capabilities'],
      settings: { domain: 'launcher.gokure.dev', clusterId: flags['cluster-id'], namespace: flags.namespace },
    });
    const result = engine.build(input, registry);
    reportWarnings(result.warnings, engine.formatDiagnostic);
    if (result.objects.length === 0) return;
    if (flags.output) host.writeOutputFile(flags.output, result.applicationName, result.yaml);
    else process.stdout.write(result.yaml);
  }
}
