import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChartRenderRequest } from '../../engine/index.js';
import { kurelErrors, RefusalClass, type ChartRequest, type KurelErrorName } from '../../plugin-api/index.js';
import { hostAllowed, type FetchPolicy } from '../network/checked-fetch.js';
import { pullFromHelmRepository } from './repository.js';
import { pullFromOciRegistry } from './oci.js';
import { helmCapabilityArgs } from './helm-capabilities.js';
import { rawTemplateChart, rawTemplateOutput } from './raw-templates.js';
import { makeFolders } from '../files/make-folders.js';
import { helmVersion, INSTALL_HELM, locateHelm, runProgram } from './helm-binary.js';
import { noteNetworkUse } from '../cache/network-use.js';
import { cachedLocalChart } from './local-chart.js';

const TIMEOUT_MS = 120_000;
const MAX_OUTPUT = 256 * 1024 * 1024;

/**
 * The Kubernetes version `.Capabilities.KubeVersion` reports unless `--kube-version` or the
 * profile's `kubeVersion` says otherwise: pinned, so that a render does not depend on which helm
 * build the machine has.
 */
export const DEFAULT_KUBE_VERSION = 'v1.35.0';

export interface ChartRenderOptions {
  helmBin?: string;
  offline?: boolean;
  kubeVersion?: string;
  policy: FetchPolicy;
  /** The chart cache; `chartCacheDir()` when absent. */
  cacheDir?: string;
  /** The folder a local chart's relative path is read from (the application's); the working folder when absent. */
  baseDir?: string;
  /**
   * `helm template --debug`, and what helm printed beside its error: kurel's `--debug`
   * (`KUREL_DEBUG=1`, the default), which helm's own "Use --debug flag" hint then means.
   */
  debug?: boolean;
}

/** Where pulled charts are kept: `$KUREL_CACHE_DIR/charts`, else the user's cache folder. */
export function chartCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.KUREL_CACHE_DIR) return join(env.KUREL_CACHE_DIR, 'charts');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kurel', 'charts');
}

/**
 * Renders each component's chart with the real helm binary: pulled once into the cache (never
 * with the user's helm repositories or registry credentials), then `helm template` with the
 * values in a private temporary file. Returns the rendered text by component.
 */
export async function renderCharts(requests: readonly ChartRenderRequest[], options: ChartRenderOptions): Promise<Record<string, string>> {
  if (requests.length === 0) return {};
  // A chart is the registry's, and its render helm's: neither is in the package's files.
  noteNetworkUse();
  const failOn = (request: ChartRenderRequest) => (code: KurelErrorName, message: string, refusalClass?: string) =>
    kurelErrors[code](`component "${request.component}": ${message}`, { ...request.where, component: request.component, ...(refusalClass ? { refusalClass } : {}) });
  for (const request of requests) {
    // A chart on disk has no host to hold to the allowed registries.
    if (request.chart.source.kind === 'LocalChart') continue;
    const host = new URL(request.chart.source.url.replace(/^oci:/, 'https:')).hostname;
    if (!hostAllowed(host, options.policy)) {
      throw failOn(request)('policyViolation', `chart source host "${host}" is not one of the allowed registries (${options.policy.allowedRegistries!.join(', ')})`, RefusalClass.registry);
    }
  }
  const located = locateHelm(options.helmBin);
  if ('problem' in located) throw failOn(requests[0])('helmMissing', `rendering its chart needs the helm binary, and ${located.problem}`);
  const helm = located.path;
  const version = await helmVersion(helm);
  if ('problem' in version) throw failOn(requests[0])('helmMissing', `rendering its chart needs Helm 3.8 or later: ${version.problem}; ${INSTALL_HELM}`);

  // helm's own folders point into a private scratch folder: no repository, plugin or registry
  // credential of the user's reaches a render, and nothing of a render is left behind.
  const scratch = mkdtempSync(join(tmpdir(), 'kurel-helm-'));
  const env = { ...process.env, HELM_CACHE_HOME: join(scratch, 'cache'), HELM_CONFIG_HOME: join(scratch, 'config'), HELM_DATA_HOME: join(scratch, 'data') };
  const cache = options.cacheDir ?? chartCacheDir();
  const debug = options.debug ?? process.env.KUREL_DEBUG === '1';
  const out: Record<string, string> = {};
  try {
    for (const request of requests) {
      const fail = failOn(request);
      const archive =
        request.chart.source.kind === 'LocalChart'
          ? await cachedLocalChart(request.chart, { cache, baseDir: options.baseDir ?? process.cwd(), scratch, helm, env, fail: failAtSource(request) })
          : await cachedChart(request.chart, { cache, offline: options.offline === true, policy: options.policy, fail });
      const capabilities = helmCapabilityArgs(request.cluster, { flag: options.kubeVersion, pinned: DEFAULT_KUBE_VERSION });
      out[request.component] = await template(request.chart, archive, { helm, env, scratch, capabilities: debug ? [...capabilities, '--debug'] : capabilities, fail, debug });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}

type Fail = (code: KurelErrorName, message: string, refusalClass?: string) => Error;

/** A refusal of the chart's source, placed at the `source.url` the component writes. */
const failAtSource = (request: ChartRenderRequest) => (code: KurelErrorName, message: string) =>
  kurelErrors[code](`component "${request.component}": ${message}`, { ...(request.sourceWhere ?? request.where), component: request.component });

interface Helm {
  helm: string;
  debug: boolean;
  env: NodeJS.ProcessEnv;
  scratch: string;
  fail: Fail;
}

const describe = (chart: ChartRequest) =>
  chart.source.kind === 'LocalChart'
    ? `local chart "${chart.source.url}"${chart.version ? ` version ${chart.version}` : ''}`
    : `chart ${chart.source.kind === 'OCIRepository' ? chart.source.url : `"${chart.chart}" from ${chart.source.url}`}${chart.version ? ` version ${chart.version}` : ''}`;

/**
 * The chart's archive in the cache, keyed by source, chart and version; pulled when missing.
 * kurel pulls it itself rather than through `helm pull`, so that every host on the way, redirects
 * included, is held to the allowed registries.
 */
async function cachedChart(chart: ChartRequest, context: { cache: string; offline: boolean; policy: FetchPolicy; fail: Fail }): Promise<string> {
  const key = createHash('sha256')
    .update(JSON.stringify([chart.source.kind, chart.source.url, chart.chart ?? '', chart.version ?? '']))
    .digest('hex')
    .slice(0, 32);
  const folder = join(context.cache, key);
  const archive = join(folder, 'chart.tgz');
  if (existsSync(archive)) return archive;
  if (context.offline) {
    throw context.fail('chartNotCached', `${describe(chart)} is not in the chart cache (${context.cache}), and --offline forbids pulling it; build once without --offline to fill the cache`);
  }
  const fail = (message: string, refusalClass?: string) =>
    refusalClass ? context.fail('policyViolation', `pulling ${describe(chart)}: ${message}`, refusalClass) : context.fail('chartPull', `pulling ${describe(chart)} failed: ${message}`);
  const pull = chart.source.kind === 'OCIRepository' ? pullFromOciRegistry : pullFromHelmRepository;
  const bytes = await pull(chart, context.policy, fail);
  // Placed whole or not at all: a rename within the cache, so a concurrent build never reads half a
  // chart. Staged under a name of its own: a fleet's worker threads, one process, may pull one chart at once.
  makeFolders(folder);
  const staged = join(folder, `.${process.pid}-${randomBytes(4).toString('hex')}-chart.tgz`);
  writeFileSync(staged, bytes);
  renameSync(staged, archive);
  return archive;
}

/** `helm template`, the values in a file only this user can read, removed with the scratch folder. */
async function template(chart: ChartRequest, archive: string, context: Helm & { capabilities: string[] }): Promise<string> {
  const render = async (values: Record<string, unknown>, target = archive) => {
    const folder = mkdtempSync(join(context.scratch, 'values-'));
    const file = join(folder, 'values.json');
    writeFileSync(file, JSON.stringify(values), { mode: 0o600 });
    try {
      const args = ['template', chart.release, target, '--namespace', chart.namespace, '--values', file, ...context.capabilities];
      return { text: (await runProgram(context.helm, args, { env: context.env, timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT })).stdout };
    } catch (error) {
      return { error: helmError(error, context.debug) };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  // Each template's own output, in its own order, unknown hooks kept, as the reference reads it;
  // where the chart cannot be read so, or that render fails, helm's own output and errors.
  const raw = await rawTemplateChart(archive, context.scratch);
  if (raw) {
    const printed = await render(chart.values, raw.folder);
    if (printed.text !== undefined) return rawTemplateOutput(printed.text, raw.token);
  }
  const rendered = await render(chart.values);
  if (rendered.text !== undefined) return rendered.text;
  if (chart.withoutSecrets === undefined) throw context.fail('chartRender', `rendering ${describe(chart)} failed: ${rendered.error}`);
  // helm's error may quote a value: with secretValues set, the cause shown is the one the chart
  // gives without them, or none.
  const safe = await render(chart.withoutSecrets);
  const cause = safe.error !== undefined ? `; without secretValues it fails with: ${safe.error}` : '; without secretValues it renders, so the cause is in them';
  throw context.fail('chartRender', `rendering ${describe(chart)} failed with secretValues set, and helm's error is withheld, since it may quote them${cause}`);
}

/**
 * What helm said of a failed render; under --debug also what it rendered (the invalid YAML its
 * hint offers), which the caller withholds where secretValues could be in it.
 */
function helmError(error: unknown, debug: boolean): string {
  const { stderr, stdout } = error as { stderr?: string; stdout?: string };
  const said = stderr?.trim() ? stderr.trim().replace(/^Error: /, '') : (error as Error).message;
  return debug && stdout?.trim() ? `${said}\nhelm rendered:\n${stdout.trimEnd()}` : said;
}
