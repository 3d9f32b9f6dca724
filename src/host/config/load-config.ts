import { dirname, resolve } from 'node:path';
import { cosmiconfig, type Loader } from 'cosmiconfig';
import { declaredKeys, KUREL_CONFIG_SCHEMA, type EgressPeers, type IngressPeers, type InputLimits } from '../../engine/index.js';
import { checkLimitsConfig } from './limits.js';
import { CONFIG_SEARCH_PLACES, firstSearchedFolder, metaConfigPossible } from './search.js';
import { checkPeers } from './peers.js';
import { importDefault } from '../plugins/module-loader.js';
import { syntaxPosition } from '../plugins/syntax-position.js';
import { describeFsError } from '../files/fs-error.js';
import { checkFluxConfig, type FluxConfig } from './flux.js';
import { checkPolicyConfig, type PolicyConfig } from './policy.js';
import { checkTransformConfig, type TransformConfig } from './transform.js';
import { checkArgoConfig, type ArgoConfig } from './argocd.js';
import { kurelErrors } from '../../plugin-api/index.js';
import { closestAndAllowed } from '../../plugin-api/kit/index.js';

/** The plugin config a platform team writes: `kurel.config.ts`, `.kurelrc[.json|.yaml]`, `package.json#kurel`. */
export interface KurelConfig extends TransformConfig {
  /** Plugin package names or paths, resolved from the config file's folder. */
  plugins: string[];
  /** The environment policy: limits, defaults and flags (`environmentPolicy` makes the accessors handlers read). */
  policy: PolicyConfig;
  /** The namespace Flux objects go to; the document's namespace when unset. */
  fluxNamespace?: string;
  /** Defaults of every Kustomization of a Flux tree. */
  flux?: FluxConfig;
  /** NetworkPolicy synthesis inputs, by component: see config-peers.ts. */
  egressPeers?: EgressPeers;
  ingressPeers?: IngressPeers;
  /** The limits input files are held to: the defaults, less what the config raises or lowers. */
  limits: InputLimits;
  /** What `--layout argocd` writes into each Application. */
  argocd?: ArgoConfig;
}

export interface LoadedConfig {
  config: KurelConfig;
  /** The config file, or undefined when none was found. */
  file?: string;
}

// The keys the published config schema declares; the transform keys are read by their own checker.
const CONFIG_KEYS = declaredKeys(KUREL_CONFIG_SCHEMA);

const loadModule: Loader = async (filepath) => importDefault(filepath);

function explorer() {
  return cosmiconfig('kurel', {
    searchStrategy: 'project',
    searchPlaces: CONFIG_SEARCH_PLACES,
    loaders: { '.ts': loadModule, '.mts': loadModule, '.mjs': loadModule, '.js': loadModule },
  });
}

/** cosmiconfig's search, begun in the first folder that holds anything it would read. */
async function search(from: string, memo?: ConfigMemo) {
  if (metaConfigPossible(process.cwd())) return explorer().search(from);
  const folder = firstSearchedFolder(from, memo?.folders);
  return folder === undefined ? null : explorer().search(folder);
}

/**
 * What the config loads of one run found: the folders searched and the configs read, by the folder
 * the search found (or the file `--config` names). The packages of a fleet share the folders above
 * them and, mostly, one config: each is searched and read once a run.
 */
export interface ConfigMemo {
  folders: Map<string, string | undefined>;
  configs: Map<string, Promise<LoadedConfig>>;
  /** Whether the working folder may hold a meta config (`metaConfigPossible`), once asked. */
  metaConfig?: boolean;
}

export function configMemo(): ConfigMemo {
  return { folders: new Map(), configs: new Map() };
}

/** Finds the config by searching upward from `searchFrom`, or reads the explicit `--config` file. */
export async function loadConfig(options: { searchFrom: string; explicitFile?: string; memo?: ConfigMemo }): Promise<LoadedConfig> {
  const { memo } = options;
  if (!memo || (memo.metaConfig ??= metaConfigPossible(process.cwd()))) return readConfig(options);
  const key = options.explicitFile !== undefined ? `file:${resolve(options.explicitFile)}` : `folder:${firstSearchedFolder(options.searchFrom, memo.folders) ?? ''}`;
  let loading = memo.configs.get(key);
  if (!loading) {
    loading = readConfig(options);
    memo.configs.set(key, loading);
  }
  return loading;
}

async function readConfig(options: { searchFrom: string; explicitFile?: string; memo?: ConfigMemo }): Promise<LoadedConfig> {
  let result;
  try {
    result = options.explicitFile ? await explorer().load(resolve(options.explicitFile)) : await search(options.searchFrom, options.memo);
  } catch (error) {
    // A config file that does not parse is placed at its syntax error.
    const syntax = syntaxPosition(error);
    if (syntax) {
      const { message, ...where } = syntax;
      throw kurelErrors.config(`reading plugin config: syntax error: ${message}`, where);
    }
    // The file as given; else the one the search found and the system would not read (a loop of links, no permission).
    const file = options.explicitFile ?? (error as NodeJS.ErrnoException).path ?? options.searchFrom;
    throw kurelErrors.config(`reading plugin config: ${describeFsError(error).split('\n')[0]}`, { file });
  }
  if (!result || result.isEmpty) return { config: { plugins: [], policy: {}, limits: checkLimitsConfig(undefined, '') }, file: result?.filepath };
  return { config: await checkConfig(result.config, result.filepath), file: result.filepath };
}

async function checkConfig(raw: unknown, file: string): Promise<KurelConfig> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw kurelErrors.config('the plugin config must be an object', { file });
  const config = raw as Record<string, unknown>;
  for (const key of Object.keys(config)) {
    if (!CONFIG_KEYS.includes(key)) throw kurelErrors.config(`unsupported config key "${key}" (${closestAndAllowed(key, CONFIG_KEYS)})`, { file, path: key });
  }
  const plugins = config.plugins ?? [];
  if (!Array.isArray(plugins) || plugins.some((entry) => typeof entry !== 'string' || entry === '')) {
    throw kurelErrors.config('plugins must be a list of package names or paths', { file, path: 'plugins' });
  }
  const fluxNamespace = config.fluxNamespace;
  if (fluxNamespace !== undefined && (typeof fluxNamespace !== 'string' || fluxNamespace === '')) {
    throw kurelErrors.config('fluxNamespace must be a namespace name', { file, path: 'fluxNamespace' });
  }
  const flux = checkFluxConfig(config.flux, file);
  return {
    plugins: plugins as string[],
    ...(flux ? { flux } : {}),
    policy: await checkPolicyConfig(config.policy, file),
    limits: checkLimitsConfig(config.limits, file),
    ...(fluxNamespace === undefined ? {} : { fluxNamespace: fluxNamespace as string }),
    ...checkTransformConfig(config, file),
    ...checkPeers(config, file),
    ...(config.argocd === undefined ? {} : { argocd: checkArgoConfig(config.argocd, file) }),
  };
}

export function configFolder(loaded: LoadedConfig, fallback: string): string {
  return loaded.file ? dirname(loaded.file) : fallback;
}
