import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parse } from 'yaml';
import type { ChartRequest, KurelErrorName } from '../../plugin-api/index.js';
import { describeFsError } from '../files/fs-error.js';
import { makeFolders } from '../files/make-folders.js';
import { runProgram } from './helm-binary.js';
import { extractTarGz } from './tar-archive.js';

// A chart on disk (`./chart`, `file://./chart`, `file:///charts/app-1.0.0.tgz`): read where the
// application is, checked to be a chart, and kept in the chart cache under its content's digest,
// so that the render reads a packaged chart as it does a pulled one and an edit is never missed.

type Fail = (code: KurelErrorName, message: string) => Error;

export interface LocalChartContext {
  /** The chart cache folder. */
  cache: string;
  /** The folder a relative path is read from: the application's. */
  baseDir: string;
  /** A private folder removed after the build. */
  scratch: string;
  helm: string;
  env: NodeJS.ProcessEnv;
  fail: Fail;
}

/** The path a local chart's url names, as written: a `file://` prefix taken off. */
export function localChartPath(url: string): string {
  return url.startsWith('file://') ? url.slice('file://'.length) : url;
}

/** The packaged chart in the cache, for a chart folder or `.tgz` on disk. */
export async function cachedLocalChart(chart: ChartRequest, context: LocalChartContext): Promise<string> {
  const written = localChartPath(chart.source.url);
  const path = isAbsolute(written) ? written : resolve(context.baseDir, written);
  const named = `local chart "${chart.source.url}"${path === written ? '' : ` (${path})`}`;
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw context.fail('chartLocal', `${named}: ${describeFsError(error)}`);
  }
  const digest = stats.isDirectory() ? folderDigest(path) : createHash('sha256').update(readFileSync(path)).digest('hex');
  const folder = join(context.cache, `local-${digest.slice(0, 32)}`);
  const archive = join(folder, 'chart.tgz');
  const metadata = stats.isDirectory() ? folderChart(path, named, context.fail) : await archivedChart(path, named, context);
  if (chart.version !== undefined && String(metadata.version) !== chart.version) {
    throw context.fail('chartLocal', `${named} is version ${metadata.version ?? '(none)'} in its Chart.yaml, and version asks for ${chart.version}`);
  }
  if (existsSync(archive)) return archive;
  const bytes = stats.isDirectory() ? await packageFolder(path, named, context) : readFileSync(path);
  // Placed whole or not at all, as a pulled chart is.
  makeFolders(folder);
  const staged = join(folder, `.${process.pid}-chart.tgz`);
  writeFileSync(staged, bytes);
  renameSync(staged, archive);
  return archive;
}

interface ChartMetadata {
  version?: unknown;
}

function folderChart(path: string, named: string, fail: Fail): ChartMetadata {
  const file = join(path, 'Chart.yaml');
  if (!existsSync(file)) throw fail('chartLocal', `${named} is no chart: the folder has no Chart.yaml`);
  return chartMetadata(readFileSync(file, 'utf8'), named, fail);
}

/** A packaged chart: a gzipped tar holding one folder with a Chart.yaml. */
async function archivedChart(path: string, named: string, context: LocalChartContext): Promise<ChartMetadata> {
  const into = mkdtempSync(join(context.scratch, 'local-'));
  try {
    await extractTarGz(readFileSync(path), into);
  } catch (error) {
    throw context.fail('chartLocal', `${named} is no packaged chart (a .tgz of a chart folder): ${(error as Error).message}`);
  }
  const tops = readdirSync(into).filter((entry) => existsSync(join(into, entry, 'Chart.yaml')));
  if (tops.length !== 1) throw context.fail('chartLocal', `${named} is no packaged chart: the archive holds no folder with a Chart.yaml`);
  return chartMetadata(readFileSync(join(into, tops[0], 'Chart.yaml'), 'utf8'), named, context.fail);
}

function chartMetadata(text: string, named: string, fail: Fail): ChartMetadata {
  let parsed: unknown;
  try {
    // Every scalar a string, as helm reads a chart's version: 1.10 stays 1.10.
    parsed = parse(text, { schema: 'failsafe' });
  } catch (error) {
    throw fail('chartLocal', `${named}: its Chart.yaml does not parse: ${(error as Error).message.split('\n')[0]}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw fail('chartLocal', `${named}: its Chart.yaml is not a map`);
  return parsed as ChartMetadata;
}

/** `helm package`, which leaves out what the chart's .helmignore names, as `helm template` of the folder would. */
async function packageFolder(path: string, named: string, context: LocalChartContext): Promise<Buffer> {
  const destination = mkdtempSync(join(context.scratch, 'package-'));
  try {
    await runProgram(context.helm, ['package', path, '--destination', destination], { env: context.env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw context.fail('chartLocal', `packaging ${named} failed: ${(stderr || (error as Error).message).trim().replace(/^Error: /, '')}`);
  }
  const [archive] = readdirSync(destination).filter((entry) => entry.endsWith('.tgz'));
  if (archive === undefined) throw context.fail('chartLocal', `packaging ${named} wrote no archive`);
  return readFileSync(join(destination, archive));
}

/** The digest of a folder's files: each one's path and content, in path order. */
function folderDigest(root: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string, under: string) => {
    for (const entry of readdirSync(folder).sort()) {
      const full = join(folder, entry);
      const relative = under === '' ? entry : `${under}/${entry}`;
      if (statSync(full).isDirectory()) {
        walk(full, relative);
      } else {
        const bytes = readFileSync(full);
        hash.update(`${relative}\0${bytes.length}\0`).update(bytes);
      }
    }
  };
  walk(root, '');
  return hash.digest('hex');
}
