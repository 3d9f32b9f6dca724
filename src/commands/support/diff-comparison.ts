import { join } from 'node:path';
import type { TreeDiff, ObjectDiff, TreeLayout } from '../../engine/index.js';
import { type InputFlagValues, loadApplication } from './input-flags.js';
import { type LayoutTreeFlags, writeLayoutTree } from './layout-tree-writer.js';
import { reportWarnings } from './report.js';

type DiffFlags = LayoutTreeFlags & { against: string };

/** The targets named on the command line; none means the default (standard input when piped). */
function eachTarget(targets: readonly string[]): (string | undefined)[] {
  return targets.length > 0 ? [...targets] : [undefined];
}

function isStdin(target: string | undefined): boolean {
  return target === undefined || target === '-';
}

/**
 * The tree `build -o DIR --layout flux` (or `argocd`) would write, compared file by file with the tree it wrote
 * before: in a folder (`--against DIR`, the `-o` folder) or written from the package at a git
 * revision. The tree to compare is always written by build's own writer into a temporary folder,
 * removed whatever happens; the user's folders are only read.
 */
export async function compareTrees(targets: readonly string[], flags: DiffFlags, environments: ReadonlyArray<string | undefined> = [flags.environment]): Promise<TreeDiff> {
  const [host, engine] = await Promise.all([import('../../host/index.js'), import('../../engine/index.js')]);
  // One tree per environment, compared as one: their paths lead with their top folders.
  const tops = environments.map((environment) => engine.topDirectory(flags['cluster-dir'], environment));
  const readTrees = (dir: string) => new Map(tops.flatMap((top) => [...host.readTree(dir, top)]));
  const layout: TreeLayout = flags.layout === 'argocd' ? 'argocd' : 'flux';
  const treeFlags = { ...flags, format: 'yaml' };
  if (host.isFolder(flags.against)) {
    for (const top of tops) refuseTreeElsewhere(flags.against, top, layout, host, engine);
    // A copy of the trees, so that the writer replaces them, or refuses to, exactly as it would the originals.
    const copy = host.scratchCopy(flags.against, tops);
    try {
      // Owners are named relative to the folder copied, as build names them there.
      await writeLayoutTree(targets, treeFlags, copy.dir, { ownersRelativeTo: flags.against, environments });
      return engine.diffTrees(readTrees(flags.against), readTrees(copy.dir));
    } catch (error) {
      throw engine.isKurelError(error) ? toldOfAgainst(error, copy.dir, flags.against, layout, engine) : error;
    } finally {
      copy.remove();
    }
  }
  const now = host.scratchFolder();
  const then = host.scratchFolder();
  try {
    const { configFile } = await writeLayoutTree(targets, treeFlags, now.dir, { environments });
    for (const target of eachTarget(targets)) {
      if (isStdin(target)) throw engine.kurelErrors.flag(`--against ${flags.against}: an application on standard input has no git history; compare it with a folder`);
      const earlier = host.checkoutAtRevision(target!, flags.against);
      try {
        // Built with today's plugin config: the revision's copy has no installed plugins beside it.
        await writeLayoutTree([earlier.target], { ...treeFlags, config: flags.config ?? configFile }, then.dir, { warnings: false, environments });
      } finally {
        earlier.cleanup();
      }
    }
    return engine.diffTrees(readTrees(then.dir), readTrees(now.dir));
  } finally {
    now.remove();
    then.remove();
  }
}

/**
 * A refusal of the writer in the copy, told of the folder it copies: build would refuse the same
 * in the user's folder, and the copy's name is kurel's own. Errors of the packages themselves (a
 * typo in an input) name no copy and are told as build tells them.
 */
function toldOfAgainst(error: InstanceType<typeof import('../../engine/index.js').KurelError>, copy: string, against: string, layout: TreeLayout, engine: typeof import('../../engine/index.js')): Error {
  const where = (text: string) => text.split(copy).join(against.replace(/\/+$/, ''));
  return new engine.KurelError(
    error.diagnostics.map((diagnostic) => {
      if (!diagnostic.message.includes(copy) && !diagnostic.file?.includes(copy)) return diagnostic;
      return { ...diagnostic, message: `--against ${against}: build -o ${against} --layout ${layout} would refuse: ${where(diagnostic.message)}`, ...(diagnostic.file ? { file: where(diagnostic.file) } : {}) };
    }),
  );
}

/** `--against DIR` naming a folder whose tree of the layout is not at `top` (the tree itself, or one written with another --cluster-dir): every file would read as added. */
function refuseTreeElsewhere(against: string, top: string, layout: TreeLayout, host: typeof import('../../host/index.js'), engine: typeof import('../../engine/index.js')): void {
  if (host.ownedFolderKind(join(against, ...top.split('/'))) !== undefined) return;
  const found = host.findLayoutTree(against, layout);
  if (found === undefined || found === top) return;
  // Another environment's tree beside it: this environment's is still to be written, every file added.
  if (top.startsWith('clusters/') && found.startsWith('clusters/') && found.split('/').length === 2) return;
  throw engine.kurelErrors.flag(
    `--against ${against}: its ${layout === 'argocd' ? 'Argo CD' : 'Flux'} tree is ${found === '.' ? 'the folder itself' : `in ${join(against, found)}`}, not in ${join(against, top)}; name the folder build -o wrote, or give --cluster-dir ${found} as it was written with`,
  );
}

/**
 * The objects build prints, compared object by object with the YAML files of a folder (an earlier
 * `build -o`) or with the objects of the package at a git revision.
 */
export async function compareObjects(targets: readonly string[], flags: InputFlagValues & { against: string }): Promise<ObjectDiff> {
  const [host, engine] = await Promise.all([import('../../host/index.js'), import('../../engine/index.js')]);
  const folder = host.isFolder(flags.against);
  if (folder) {
    const layout = (['flux', 'argocd'] as const).find((each) => host.findLayoutTree(flags.against, each) !== undefined);
    const top = layout && host.findLayoutTree(flags.against, layout);
    if (layout !== undefined && top !== undefined) {
      throw engine.kurelErrors.flag(
        `--against ${flags.against}: it holds ${layout === 'argocd' ? 'an Argo CD' : 'a Flux'} tree kurel wrote (${join(flags.against, top, host.OWNED_FOLDER_MANIFEST)}); compare trees with --layout ${layout}${top === engine.topDirectory(undefined, flags.environment) ? '' : ` --cluster-dir ${top}`}${layout === 'flux' ? ', and the --placement and --source-ref it was written with' : ''}`,
      );
    }
  }
  const after = [];
  const before = [];
  const shown: string[] = [];
  let configFile: string | undefined;
  for (const named of eachTarget(targets)) {
    const current = await loadApplication(named, flags);
    const built = await engine.buildFetching(current.input, current.registry, current.fetch, current.renderCharts);
    await reportWarnings(built.warnings, engine.formatDiagnostic);
    after.push(...built.objects);
    shown.push(current.target);
    configFile ??= current.configFile;
  }
  if (folder) before.push(...host.readManifestFolder(flags.against));
  else {
    for (const target of shown) {
      if (target === host.STDIN_FILE) throw engine.kurelErrors.flag(`--against ${flags.against}: an application on standard input has no git history; compare it with a folder`);
      const earlier = host.checkoutAtRevision(target, flags.against);
      try {
        // Built with today's plugin config: the revision's copy has no installed plugins beside it.
        const loaded = await loadApplication(earlier.target, { ...flags, config: flags.config ?? configFile });
        before.push(...(await engine.buildFetching(loaded.input, loaded.registry, loaded.fetch, loaded.renderCharts)).objects);
      } finally {
        earlier.cleanup();
      }
    }
  }
  return engine.diffObjects(before, after, { before: flags.against, after: shown.join(',') });
}
