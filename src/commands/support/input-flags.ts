import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import type { BuildInput, ChartRenderRequest, FetchRequest, InputFile } from '../../engine/index.js';
import type { PluginHosts } from '../../host/index.js';

/**
 * The positional argument of every command that reads an application. kurel reads standard input
 * itself (for `-`, or when input is piped and no target is named), so oclif must not.
 */
export const targetArgs = {
  target: Args.string({ required: false, ignoreStdin: true, description: 'app.yaml, a package folder, or - for standard input (the default when input is piped; else the current folder when it holds app.yaml or kurel.yaml)' }),
};

/** The flag of a command that reads only the plugin config: where the config is. */
export const configFlags = {
  config: Flags.string({ description: 'plugin config file (default: searched from the current folder upward)' }),
};

/**
 * `--environment` of a command that writes or compares a tree per environment: several may be
 * named (`staging,prod`, or the flag again).
 */
export function severalEnvironmentsFlag(description: string) {
  return Flags.string({ description, multiple: true, delimiter: ',' });
}

/** The environments `--environment` named, each once, in the order first named; `[undefined]` for none. */
export function namedEnvironments(values: readonly string[] | undefined): Array<string | undefined> {
  return values === undefined ? [undefined] : [...new Set(values)];
}

/** The flags every command that reads an application shares with `build`. */
export const inputFlags = {
  profile: Flags.string({ description: 'ClusterProfile file (default: an embedded profile with no capabilities bound)' }),
  environment: Flags.string({ description: 'a named environment of the EnvironmentSet: its profile, in place of --profile, and its values, under any --values' }),
  environments: Flags.string({ description: 'EnvironmentSet file declaring --environment names (default: environments.yaml beside app.yaml)' }),
  namespace: Flags.string({ char: 'n', description: 'namespace override (a DNS-1123 label)' }),
  'cluster-id': Flags.string({ description: 'cluster identifier', default: 'local' }),
  values: Flags.string({
    char: 'f',
    description: "values file for the package parameters, over values.yaml beside kurel.yaml and --environment's values (repeatable: a later file wins; the reference refuses --values with --environment)",
    multiple: true,
    multipleNonGreedy: true,
  }),
  set: Flags.string({
    description:
      "set package parameters as Helm's --set does: a.b=1, list[0].name=x, list={a,b}, a=1,b=2, \\, and \\. escaped (repeatable; needs kurel.yaml). Unlike Helm and as the reference does, a parameter's own value is read by its declared type (tag=010 and tag=null stay text for a string parameter) and an undeclared parameter is refused; values below a parameter are typed as Helm types them (true, false, null, integers). See docs/values.md",
    multiple: true,
    multipleNonGreedy: true,
  }),
  'set-string': Flags.string({ description: 'set package parameters as --set does, every value a string; applied after --set', multiple: true, multipleNonGreedy: true }),
  'set-json': Flags.string({ description: 'set package parameters to JSON values: key={"a":1}[,key=[1,2]], or one JSON object merged whole; applied before --set, as in Helm', multiple: true, multipleNonGreedy: true }),
  'set-file': Flags.string({ description: "set package parameters to a file's text: key=path (relative to the working folder); applied after --set-string", multiple: true, multipleNonGreedy: true }),
  'capability-def': Flags.string({ description: 'CapabilityDefinition file (repeatable)', multiple: true, multipleNonGreedy: true }),
  'strict-capabilities': Flags.boolean({ description: 'a custom capability with no definition is an error instead of a warning' }),
  config: Flags.string({ description: 'plugin config file (default: searched from the application folder upward)' }),
  'helm-bin': Flags.string({ description: 'the helm binary that renders charts at build time (default: $KUREL_HELM, else helm on PATH)' }),
  offline: Flags.boolean({ description: 'render charts only from the chart cache ($KUREL_CACHE_DIR/charts); a chart not cached is an error' }),
  'kube-version': Flags.string({ description: 'the Kubernetes version charts are rendered for (.Capabilities.KubeVersion; default pinned, see docs/charts.md)' }),
};

export type InputFlagValues = {
  profile?: string;
  environment?: string;
  environments?: string;
  namespace?: string;
  'cluster-id': string;
  values?: string[];
  set?: string[];
  'set-string'?: string[];
  'set-json'?: string[];
  'set-file'?: string[];
  'capability-def'?: string[];
  'strict-capabilities': boolean;
  config?: string;
  'helm-bin'?: string;
  offline?: boolean;
  'kube-version'?: string;
  /** A layout that delivers (`flux`): its delivery handlers are loaded. */
  layout?: string;
};

/** A package as `loadApplication` reads it: its plugin host and every input file. */
export type LoadedApplication = Awaited<ReturnType<typeof loadApplication>>;

export interface LoadOptions {
  /** An application already read, standing for standard input's (`kurel fn`'s functionConfig). */
  application?: InputFile;
  /** The plugin hosts of this thread, one per config: a fleet loads its plugins once. */
  hosts?: PluginHosts;
}

/**
 * Starts the plugin host for the application's folder (or takes the one `hosts` started for the
 * same config) and reads every input file.
 */
export async function loadApplication(named: string | undefined, flags: InputFlagValues, { application, hosts }: LoadOptions = {}) {
  const [host, engine] = await Promise.all([import('../../host/index.js'), import('../../engine/index.js')]);
  const target = named ?? host.defaultTarget();
  if (target === undefined) throw engine.kurelErrors.flag('missing the application: name app.yaml or a package folder, or pipe one into standard input');
  const environmentFlags = { environment: flags.environment, environments: flags.environments, profile: flags.profile };
  // Flag groups first, as the reference's flag library checks them before the command runs.
  host.checkEnvironmentFlagGroups(environmentFlags);
  // Checked before anything is read, not when the first chart reaches helm.
  const kubeVersionProblem = flags['kube-version'] === undefined ? undefined : engine.kubeVersionProblem(flags['kube-version']);
  if (kubeVersionProblem) throw engine.kurelErrors.flag(`--kube-version: ${kubeVersionProblem}`);
  const { appDir } = host.locateApplication(target);
  // A named environment is the profile and values it binds; --values files layer over its values.
  const bound = host.resolveEnvironment({ ...environmentFlags, appDir });
  const pluginHost = await host.startPluginHost({ searchFrom: appDir, configFile: flags.config, delivery: flags.layout, shared: hosts });
  const input: BuildInput = host.readBuildInput({
    target,
    profile: bound.profile ?? flags.profile,
    values: [...(bound.values !== undefined ? [bound.values] : []), ...(flags.values ?? [])],
    sets: flags.set ?? [],
    setStrings: flags['set-string'] ?? [],
    setJsons: flags['set-json'] ?? [],
    setFiles: flags['set-file'] ?? [],
    capabilityDefinitions: flags['capability-def'] ?? [],
    strictCapabilities: flags['strict-capabilities'],
    settings: host.transformSettings(pluginHost.config.config, { clusterId: flags['cluster-id'], namespace: flags.namespace }),
    limits: pluginHost.config.config.limits,
    application,
  });
  // Components may read URLs: the host fetches them, held to the config's policy, when the build asks.
  const fetch = (requests: FetchRequest[]) => host.fetchDocuments(requests, host.fetchPolicy(input.settings.policy!));
  // Charts rendered at build time: the host runs helm, held to the same policy.
  const renderCharts = (requests: ChartRenderRequest[]) =>
    host.renderCharts(requests, { helmBin: flags['helm-bin'], offline: flags.offline, kubeVersion: flags['kube-version'], policy: host.fetchPolicy(input.settings.policy!), baseDir: appDir });
  const shownTarget = target === host.STDIN_TARGET ? host.STDIN_FILE : target;
  return { host, engine, registry: pluginHost.registry, plugins: pluginHost.plugins, input, fetch, renderCharts, target: shownTarget, configFile: pluginHost.config.file, config: pluginHost.config.config };
}
