import type { BuildInput, Diagnostic, FunctionConfig, InputFile, ResourceList, ResultSubject } from '../../engine/index.js';
import { loadApplication, type InputFlagValues } from './input-flags.js';
import { failureDiagnostics } from './report.js';

type Engine = typeof import('../../engine/index.js');

/** What one run of the KRM function gives back: the ResourceList to print, and every diagnostic for stderr. */
export interface KrmFunctionOutcome {
  text: string;
  diagnostics: Diagnostic[];
  failed: boolean;
}

/**
 * Runs kurel as a KRM function over `input`, the ResourceList standard input held: builds what
 * its functionConfig names and answers with the same list, the built objects added to its items
 * (a generator's output) and every warning and error in its results. A run that fails adds no
 * object.
 */
export async function runKrmFunction(input: InputFile): Promise<KrmFunctionOutcome> {
  const engine = await import('../../engine/index.js');
  let list: ResourceList | undefined;
  let config: FunctionConfig | undefined;
  let application: InputFile | undefined;
  let built = '';
  let diagnostics: Diagnostic[];
  try {
    list = engine.readResourceList(input);
    config = engine.readFunctionConfig(list);
    const { registry, input: buildInput, fetch, renderCharts } = await loadFunctionConfig(config);
    application = buildInput.application;
    const result = await engine.buildFetching(buildInput, registry, fetch, renderCharts);
    diagnostics = [...result.warnings];
    built = result.yaml;
  } catch (error) {
    diagnostics = await failureDiagnostics(error);
  }
  const results = engine.krmResults(diagnostics, list ? subjects(engine, list, config, application) : undefined);
  const failed = engine.holdsError(results);
  return { text: engine.writeResourceList(list, failed ? '' : built, results), diagnostics, failed };
}

/** The build a functionConfig asks for, read as `kurel build` reads its flags; relative paths from the working folder. */
async function loadFunctionConfig(config: FunctionConfig): Promise<Awaited<ReturnType<typeof loadApplication>> & { input: BuildInput }> {
  const common: InputFlagValues = { 'cluster-id': 'local', 'strict-capabilities': false };
  if (config.kind === 'application') {
    const { STDIN_TARGET } = await import('../../host/index.js');
    return loadApplication(STDIN_TARGET, { ...common, profile: config.profile }, { application: config.application });
  }
  const loaded = await loadApplication(config.path, { ...common, environment: config.environment, profile: config.profile, values: config.values, namespace: config.namespace });
  if (!config.set) return loaded;
  if (!loaded.input.package) {
    const { kurelErrors } = await import('../../engine/index.js');
    throw kurelErrors.parameter(`spec.set needs a package: no kurel.yaml beside the application of "${config.path}" declares parameters`, { file: config.set.file, path: 'functionConfig.spec.set' });
  }
  // spec.set is the last values layer, over the package's values.yaml and spec.values.
  return { ...loaded, input: { ...loaded.input, values: [...(loaded.input.values ?? []), config.set] } };
}

/**
 * What each diagnostic is about, for its result. One placed on standard input is in the
 * functionConfig: at a path of the list (`functionConfig.spec.path`), in the Application given
 * whole, or in a KurelPackage's `spec.set` read as values. One placed in the package's
 * application names that Application; any other names its file.
 */
function subjects(engine: Engine, list: ResourceList, config: FunctionConfig | undefined, application: InputFile | undefined): (diagnostic: Diagnostic) => ResultSubject {
  const functionConfig = engine.functionConfigSubject(list);
  const packageApplication = config?.kind === 'package' && application ? engine.documentRef(application) : undefined;
  return ({ file, path }) => {
    if (file === list.input.file) {
      const field = path === undefined ? undefined : path.startsWith('functionConfig.') ? path.slice('functionConfig.'.length) : config?.kind === 'package' ? `spec.set.${path}` : path;
      const inFunctionConfig = config !== undefined || path?.startsWith('functionConfig') === true;
      return inFunctionConfig ? { resourceRef: functionConfig.ref, field, file: functionConfig.file } : {};
    }
    if (file === undefined || file.startsWith('<')) return {};
    if (packageApplication && file === application!.file) return { resourceRef: packageApplication, field: path, file: { path: file } };
    return { file: { path: file } };
  };
}
