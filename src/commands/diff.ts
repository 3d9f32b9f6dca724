import * as Flags from '@oclif/core/flags';
import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { reportWarnings } from './support/report.js';

export default class Diff extends KurelCommand {
  static override summary = 'Build, and compare with an earlier build: a folder, or the package at a git revision.';
  static override description =
    'Builds the application as build does, then compares it object by object with the YAML files of a folder (an earlier build -o) or with the same package built at a git revision. Prints a unified diff per added, removed or changed object and names the objects that moved. Exit 0 when both are the same, 1 when they differ, as git diff --exit-code.';

  static override examples = ['<%= config.bin %> diff ./my-package --against out/', '<%= config.bin %> diff app.yaml --against HEAD~1 --profile prod.yaml'];

  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    against: Flags.string({ required: true, description: 'a folder of manifests (an earlier build -o), or a git revision of the repository holding the package', helpValue: 'FOLDER|REVISION' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Diff);
    const current = await loadApplication(args.target, flags);
    const { host, engine } = current;
    const after = await engine.buildFetching(current.input, current.registry, current.fetch);
    await reportWarnings(after.warnings, engine.formatDiagnostic);
    let before;
    if (host.isFolder(flags.against)) {
      before = host.readManifestFolder(flags.against);
    } else {
      if (current.target === host.STDIN_FILE) throw engine.kurelErrors.flag(`--against ${flags.against}: an application on standard input has no git history; compare it with a folder`);
      const earlier = host.checkoutAtRevision(current.target, flags.against);
      try {
        // Built with today's plugin config: the revision's copy has no installed plugins beside it.
        const loaded = await loadApplication(earlier.target, { ...flags, config: flags.config ?? current.configFile });
        before = (await engine.buildFetching(loaded.input, loaded.registry, loaded.fetch)).objects;
      } finally {
        earlier.cleanup();
      }
    }
    const result = engine.diffObjects(before, after.objects, { before: flags.against, after: current.target });
    for (const patch of result.patches) process.stdout.write(patch);
    for (const line of result.moved) process.stdout.write(`moved ${line}\n`);
    if (!result.same) process.exitCode = 1;
  }
}
