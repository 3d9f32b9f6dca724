import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { KurelCommand } from './support/kurel-command.js';
import { outputFolder, reportRemoved, reportWritten } from './support/output.js';

export default class Prune extends KurelCommand {
  static override summary = 'Take packages out of a layout tree: every file kurel wrote for them.';
  static override description =
    'Removes from the tree under <DIR> the share of each package named (a folder of packages names each of them), for --environment E or for no environment, and rebuilds the index files the remaining packages share. Lists every file it removes. A package the tree does not hold is refused, and nothing is written; a file kurel did not write, or one edited since, refuses the whole write. The packages need not exist any more: a package is named by its path, as `kurel build` named it.';

  static override examples = [
    '<%= config.bin %> prune examples/shop -o repo --layout flux --environment staging',
    '<%= config.bin %> prune apps/old-service apps/retired -o repo --layout flux',
  ];

  // Every argument is a package.
  static override strict = false;
  static override args = {
    package: Args.string({ required: true, description: 'a package folder (or its app.yaml) as kurel build was given it, or a folder of packages' }),
  };

  static override flags = {
    output: Flags.string({ char: 'o', description: 'the folder the tree was written into with kurel build -o DIR --layout', helpValue: 'DIR', required: true }),
    layout: Flags.string({ description: 'the layout of the tree', options: ['flux', 'argocd'], required: true }),
    environment: Flags.string({ description: 'the environment the packages were built for (its top folder is clusters/<environment>)' }),
    'cluster-dir': Flags.string({ description: 'the folder at the top of the tree, as kurel build was given it' }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Prune);
    const [host, engine] = await Promise.all([import('../host/index.js'), import('../engine/index.js')]);
    const output = await outputFolder(flags.output);
    if (output === undefined) throw engine.kurelErrors.flag('-o -: kurel prune writes a tree; name the folder it is in');
    const top = engine.topDirectory(flags['cluster-dir'], flags.environment);
    const owners = host.expandTargets(argv as string[]).map((target) => ({
      package: host.packagePath(target, output),
      ...(flags.environment !== undefined ? { environment: flags.environment } : {}),
    }));
    const layout = flags.layout === 'argocd' ? 'argocd' : 'flux';
    const { folder, written, removed } = host.writeLayoutTree(output, { top, layout, contributions: [], remove: owners });
    for (const entry of removed) reportRemoved(entry);
    reportWritten(`${written} files to ${folder}`);
  }
}
