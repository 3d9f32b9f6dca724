import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { compareObjects, compareTrees } from './support/diff-comparison.js';
import { type DiffResult, printDiff } from './support/diff-output.js';
import { inputFlags, namedEnvironments, severalEnvironmentsFlag } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { layoutFlags } from './support/layout-flags.js';
import { formatFlag } from './support/output.js';

export default class Diff extends KurelCommand {
  static override summary = 'Build, and compare with an earlier build: a folder or Flux tree, or the package at a git revision.';
  static override description = [
    'Builds as build does and compares the result with an earlier one. Without --layout, object by object with the YAML files of a folder (an earlier build -o) or with the package built at a git revision. With --layout flux, the tree build -o DIR --layout flux would write, file by file, with the tree in DIR (the -o folder) or with the tree of the package at a git revision; a changed file of Kubernetes objects is shown object by object. Give the --placement, --cluster-dir and --source-ref the tree was written with.',
    'Prints unified diffs as git diff does (--- a/PATH, +++ b/PATH; a changed object names itself after the path), coloured only on a terminal with NO_COLOR unset, and a "moved" line per object that only changed place; --format json prints one JSON document (docs/diff.md).',
    'Exit status as diff(1) and git diff --exit-code: 0 when both are the same (nothing printed), 1 when they differ, 2 for any error (a refused input, a flag, an unreadable folder, an unknown revision).',
  ].join('\n\n');

  static override examples = [
    '<%= config.bin %> diff examples/shop --environment staging --against repo/ --layout flux',
    '<%= config.bin %> diff apps/ --environment staging,prod --against repo/ --layout flux',
    '<%= config.bin %> diff ./my-package --against HEAD~1 --layout flux',
    '<%= config.bin %> diff ./my-package --against out/',
    '<%= config.bin %> diff app.yaml --against HEAD~1 --profile prod.yaml --format json',
  ];

  // Packages to compare, one or more: `strict` off is how oclif takes a variable number of arguments.
  static override strict = false;
  static override args = { target: Args.string({ required: false, ignoreStdin: true, description: 'app.yaml or package folders (- for standard input, the default when input is piped)' }) };

  static override flags = {
    ...inputFlags,
    environment: severalEnvironmentsFlag(
      "a named environment of the EnvironmentSet: its profile, in place of --profile, and its values, under any --values; with --layout, several (staging,prod or the flag again): each environment's tree compared",
    ),
    against: Flags.string({ required: true, description: 'what to compare with: a folder (an earlier build -o; with --layout flux, the folder holding the tree) or a git revision of the repository holding the package', helpValue: 'DIR|REV' }),
    format: formatFlag(['text', 'json'], 'the differences: unified diffs, or one JSON document'),
    ...layoutFlags,
    layout: Flags.string({ description: 'compare the tree build -o DIR --layout flux (or argocd) writes, file by file, with the tree in DIR or at REV', options: ['flux', 'argocd'] }),
  };

  // 1 says "they differ", as diff(1) and git diff --exit-code do: a refusal must not read as that.
  protected override failureExitCode = 2;

  async run(): Promise<void> {
    const { argv, flags: parsed } = await this.parse(Diff);
    const targets = argv as string[];
    const environments = namedEnvironments(parsed.environment);
    const flags = { ...parsed, environment: environments[0] };
    if (environments.length > 1 && !flags.layout) {
      const { kurelErrors } = await import('../engine/index.js');
      throw kurelErrors.flag(`--environment ${environments.join(',')}: objects are compared for one environment at a time; compare each, or compare the trees of all of them with --layout flux (or argocd)`);
    }
    const result: DiffResult = flags.layout ? { tree: await compareTrees(targets, flags, environments) } : { objects: await compareObjects(targets, flags) };
    await printDiff(result, flags.format);
    if (!('tree' in result ? result.tree.same : result.objects.same)) process.exitCode = 1;
  }
}
