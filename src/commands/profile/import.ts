import * as Flags from '@oclif/core/flags';
import { KurelCommand } from '../support/kurel-command.js';

export default class ProfileImport extends KurelCommand {
  static override summary = 'Write a ClusterProfile holding what a cluster serves, from recorded kubectl output.';
  static override description =
    'Reads the output of `kubectl api-resources -o wide` and `kubectl api-versions` from files (or stdin, as -) and prints a ClusterProfile whose spec.apiResources lists the served groups, versions, kinds and scopes, with --kube-version recorded as spec.kubeVersion. With --profile, that profile is printed with them replaced and everything else kept. No cluster is contacted.';

  static override examples = [
    'kubectl api-resources -o wide > api-resources.txt && kubectl api-versions > api-versions.txt',
    '<%= config.bin %> profile import --api-resources api-resources.txt --api-versions api-versions.txt --kube-version v1.35.0 --profile prod.yaml > prod-served.yaml',
  ];

  static override flags = {
    'api-resources': Flags.string({ required: true, description: 'the output of kubectl api-resources [-o wide], or - for stdin' }),
    'api-versions': Flags.string({ description: 'the output of kubectl api-versions, or - for stdin' }),
    'kube-version': Flags.string({ description: 'the Kubernetes version of the cluster (v1.35.0), recorded as spec.kubeVersion' }),
    profile: Flags.string({ description: 'a ClusterProfile to add them to; its capabilities are kept' }),
    name: Flags.string({ description: 'the name of a new profile (without --profile)', default: 'cluster' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(ProfileImport);
    const [host, engine] = await Promise.all([import('../../host/index.js'), import('../../engine/index.js')]);
    if (flags['api-resources'] === '-' && flags['api-versions'] === '-') throw engine.kurelErrors.flag('only one of --api-resources and --api-versions can read stdin');
    const text = engine.importProfile({
      apiResources: host.readFileOrStdin(flags['api-resources'], 'api-resources output'),
      ...(flags['api-versions'] ? { apiVersions: host.readFileOrStdin(flags['api-versions'], 'api-versions output') } : {}),
      ...(flags['kube-version'] ? { kubeVersion: flags['kube-version'] } : {}),
      ...(flags.profile ? { profile: host.readFileOrStdin(flags.profile, 'profile file') } : {}),
      name: flags.name,
    });
    process.stdout.write(text);
  }
}
