import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { namedEnvironments, severalEnvironmentsFlag } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { outputFolder, reportRemoved, reportWritten } from './support/output.js';

export default class Prune extends KurelCommand {
  static override summary = 'Take packages out of a layout tree: every file kurel wrote for them.';
  static override description =
    'Removes from the tree under <DIR> the share of each package named (a folder of packages names each of them), for --environment E (several: E1,E2, each from its own top folder) or for no environment, and rebuilds the index files the remaining packages share. Lists every file it removes. A package the tree does not hold is refused, and nothing is written; a file kurel did not write, or one edited since, refuses the whole write. The packages need not exist any more: a package is named by its path, as `kurel build` named it.';

  static override examples = [
    '<%= config.bin %> prune examples/shop -o repo --layout flux --environment staging',
    '<%= config.bin %> prune apps/old-service apps/retired -o repo --layout flux',
    '<%= config.bin %> prune apps/retired -o repo --layout flux --environment staging,prod',
  ];

  // Every argument is a package.
  static override strict = false;
  static override args = {
    package: Args.string({ required: true, description: 'a package folder (or its app.yaml) as kurel build was given it, or a folder of packages' }),
  };

  static override flags = {
    output: Flags.string({ char: 'o', description: 'the folder the tree was written into with kurel build -o DIR --layout', helpValue: 'DIR', required: true }),
    layout: Flags.string({ description: 'the layout of the tree', options: ['flux', 'argocd'], required: true }),
    environment: severalEnvironmentsFlag('the environment the packages were built for (its top folder is clusters/<environment>); several (staging,prod or the flag again): taken out of each'),
    'cluster-dir': Flags.string({ description: 'the folder at the top of the tree, as kurel build was given it' }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Prune);
    const [host, engine] = await Promise.all([import('../host/index.js'), import('../engine/index.js')]);
    const output = await outputFolder(flags.output);
    if (output === undefined) throw engine.kurelErrors.flag('-o -: kurel prune writes a tree; name the folder it is in');
    const environments = namedEnvironments(flags.environment);
    if (environments.length > 1 && flags['cluster-dir'] !== undefined) {
      throw engine.kurelErrors.flag(`--cluster-dir ${flags['cluster-dir']} names one top folder, and ${environments.length} environments are named (${environments.join(', ')}): each environment's tree is clusters/<environment>; prune them one at a time to name their folders`);
    }
    const packages = host.expandTargets(argv as string[]).map((target) => host.packagePath(target, output));
    const layout = flags.layout === 'argocd' ? 'argocd' : 'flux';
    // Every tree is read and checked before any is written: a package one of them does not hold
    // refuses the whole prune.
    const writes = environments.map((environment) =>
      host.prepareLayoutTreeWrite(output, {
        top: engine.topDirectory(flags['cluster-dir'], environment),
        layout,
        contributions: [],
        remove: packages.map((path) => ({ package: path, ...(environment !== undefined ? { environment } : {}) })),
      }),
    );
    for (const { folder, written, removed } of writes.map((write) => write.commit())) {
      for (const entry of removed) reportRemoved(entry);
      reportWritten(`${written} files to ${folder}`);
    }
  }
}
