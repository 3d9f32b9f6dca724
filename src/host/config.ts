import { dirname, resolve } from 'node:path';
import { cosmiconfig, type Loader } from 'cosmiconfig';
import { ErrorCode, refuse, type EgressPeers, type IngressPeers } from '../engine/index.js';
import { checkPeers } from './config-peers.js';
import { importDefault } from './module-loader.js';

/** The plugin config a platform team writes: `kurel.config.ts`, `.kurelrc[.json|.yaml]`, `package.json#kurel`. */
export interface KurelConfig {
  /** Plugin package names or paths, resolved from the config file's folder. */
  plugins: string[];
  /** The environment policy this host enforces itself (what components may fetch). */
  policy: { allowedRegistries?: string[] };
  /** The namespace Flux objects go to; the document's namespace when unset. */
  fluxNamespace?: string;
  /** NetworkPolicy synthesis inputs, by component: see config-peers.ts. */
  egressPeers?: EgressPeers;
  ingressPeers?: IngressPeers;
}

export interface LoadedConfig {
  config: KurelConfig;
  /** The config file, or undefined when none was found. */
  file?: string;
}

const CONFIG_KEYS = ['plugins', 'policy', 'fluxNamespace', 'egressPeers', 'ingressPeers'];
const POLICY_KEYS = ['allowedRegistries'];

const loadModule: Loader = async (filepath) => importDefault(filepath);

function explorer() {
  return cosmiconfig('kurel', {
    searchStrategy: 'project',
    searchPlaces: ['package.json', '.kurelrc', '.kurelrc.json', '.kurelrc.yaml', '.kurelrc.yml', 'kurel.config.ts', 'kurel.config.mts', 'kurel.config.mjs', 'kurel.config.js'],
    loaders: { '.ts': loadModule, '.mts': loadModule, '.mjs': loadModule, '.js': loadModule },
  });
}

/** Finds the config by searching upward from `searchFrom`, or reads the explicit `--config` file. */
export async function loadConfig(options: { searchFrom: string; explicitFile?: string }): Promise<LoadedConfig> {
  let result;
  try {
    result = options.explicitFile ? await explorer().load(resolve(options.explicitFile)) : await explorer().search(options.searchFrom);
  } catch (error) {
    const file = options.explicitFile ?? options.searchFrom;
    throw refuse(ErrorCode.config, `reading plugin config: ${(error as Error).message.split('\n')[0]}`, { file });
  }
  if (!result || result.isEmpty) return { config: { plugins: [], policy: {} }, file: result?.filepath };
  return { config: checkConfig(result.config, result.filepath), file: result.filepath };
}

function checkConfig(raw: unknown, file: string): KurelConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw refuse(ErrorCode.config, 'the plugin config must be an object', { file });
  const config = raw as Record<string, unknown>;
  for (const key of Object.keys(config)) {
    if (!CONFIG_KEYS.includes(key)) throw refuse(ErrorCode.config, `unsupported config key "${key}" (allowed: ${CONFIG_KEYS.join(', ')})`, { file, path: key });
  }
  const plugins = config.plugins ?? [];
  if (!Array.isArray(plugins) || plugins.some((entry) => typeof entry !== 'string' || entry === '')) {
    throw refuse(ErrorCode.config, 'plugins must be a list of package names or paths', { file, path: 'plugins' });
  }
  const fluxNamespace = config.fluxNamespace;
  if (fluxNamespace !== undefined && (typeof fluxNamespace !== 'string' || fluxNamespace === '')) {
    throw refuse(ErrorCode.config, 'fluxNamespace must be a namespace name', { file, path: 'fluxNamespace' });
  }
  return {
    plugins: plugins as string[],
    policy: checkPolicy(config.policy, file),
    ...(fluxNamespace === undefined ? {} : { fluxNamespace: fluxNamespace as string }),
    ...checkPeers(config, file),
  };
}

function checkPolicy(raw: unknown, file: string): KurelConfig['policy'] {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw refuse(ErrorCode.config, 'policy must be an object', { file, path: 'policy' });
  const policy = raw as Record<string, unknown>;
  for (const key of Object.keys(policy)) {
    if (!POLICY_KEYS.includes(key)) throw refuse(ErrorCode.config, `unsupported policy key "${key}" (allowed: ${POLICY_KEYS.join(', ')})`, { file, path: `policy.${key}` });
  }
  const registries = policy.allowedRegistries;
  if (registries !== undefined && (!Array.isArray(registries) || registries.some((entry) => typeof entry !== 'string' || entry === ''))) {
    throw refuse(ErrorCode.config, 'policy.allowedRegistries must be a list of host names', { file, path: 'policy.allowedRegistries' });
  }
  return registries === undefined ? {} : { allowedRegistries: registries as string[] };
}

export function configFolder(loaded: LoadedConfig, fallback: string): string {
  return loaded.file ? dirname(loaded.file) : fallback;
}
