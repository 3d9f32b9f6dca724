import type { PropertyPath } from '../../plugin-api/index.js';
import { describeValue, isPlainObject } from '../../plugin-api/kit/index.js';
import { ShapeReader } from '../documents/shape.js';
import { readDocument, type InputFile } from '../yaml/index.js';
import { isolatedText, type ResourceList } from './resource-list.js';

/** The kind a functionConfig names a package folder with. */
export const KUREL_PACKAGE_API_VERSION = 'kurel.dev/v1alpha1';
export const KUREL_PACKAGE_KIND = 'KurelPackage';
/** The annotation of an Application functionConfig naming its ClusterProfile file. */
export const PROFILE_ANNOTATION = 'kurel.dev/profile';

/** The object a result is about, as the KRM functions specification's `resourceRef`. */
export interface ResourceRef {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
}

/** The file an orchestrator read the functionConfig from, as its internal annotations record it. */
export interface OriginFile {
  path: string;
  index?: number;
}

interface Subject {
  /** The functionConfig, where it names itself fully. */
  ref?: ResourceRef;
  file?: OriginFile;
}

/** An Application given whole as the functionConfig, placed where it stands on standard input. */
export interface ApplicationConfig extends Subject {
  kind: 'application';
  application: InputFile;
  profile?: string;
}

/** A KurelPackage: a package folder (or app.yaml) and how to build it, as `kurel build` flags would say. */
export interface PackageConfig extends Subject {
  kind: 'package';
  path: string;
  environment?: string;
  profile?: string;
  values: string[];
  namespace?: string;
  /** `spec.set`, read as the last values file, placed where it stands on standard input. */
  set?: InputFile;
}

export type FunctionConfig = ApplicationConfig | PackageConfig;

const SPEC_FIELDS = ['path', 'environment', 'profile', 'values', 'set', 'namespace'] as const;
const ACCEPTED = `an Application (launcher.gokure.dev/v1alpha1), or a ${KUREL_PACKAGE_KIND} (${KUREL_PACKAGE_API_VERSION}) naming a package folder`;

/** What the function is asked to build, read from the list's functionConfig. */
export function readFunctionConfig(list: ResourceList): FunctionConfig {
  const reader = new ShapeReader(list.source);
  const config = list.functionConfig;
  if (config === undefined) return reader.fail([], `the ResourceList has no functionConfig: kurel fn builds ${ACCEPTED}`);
  const subject = { ref: resourceRef(config), file: originFile(config) };
  if (config.kind === 'Application') {
    const profile = annotations(config)[PROFILE_ANNOTATION];
    if (profile !== undefined && typeof profile !== 'string') return reader.fail(['functionConfig', 'metadata', 'annotations', PROFILE_ANNOTATION], `expected a file name, got ${describeValue(profile)}`);
    return { kind: 'application', application: isolatedText(list, ['functionConfig']), profile, ...subject };
  }
  if (config.kind === KUREL_PACKAGE_KIND) return { ...readPackage(list, reader, config), ...subject };
  return reader.fail(['functionConfig', 'kind'], `unknown functionConfig kind ${JSON.stringify(config.kind ?? null)}: kurel fn builds ${ACCEPTED}`);
}

function readPackage(list: ResourceList, reader: ShapeReader, config: Record<string, unknown>): Omit<PackageConfig, keyof Subject> {
  const at = (...path: PropertyPath) => ['functionConfig', ...path];
  if (config.apiVersion !== KUREL_PACKAGE_API_VERSION) reader.fail(at('apiVersion'), `unsupported apiVersion ${JSON.stringify(config.apiVersion ?? null)} of a ${KUREL_PACKAGE_KIND}, expected "${KUREL_PACKAGE_API_VERSION}"`);
  if (config.spec === undefined) reader.fail(at(), `a ${KUREL_PACKAGE_KIND} needs spec.path, the package folder to build`);
  const spec = reader.map(config.spec, at('spec'), SPEC_FIELDS);
  const path = reader.optionalString(spec.path, at('spec', 'path'));
  if (path === undefined || path === '') reader.fail(at('spec'), 'spec.path is required: the package folder (or its app.yaml) to build, relative to the working folder');
  const environment = reader.optionalString(spec.environment, at('spec', 'environment'));
  const profile = reader.optionalString(spec.profile, at('spec', 'profile'));
  const values = reader.optionalList(spec.values, at('spec', 'values')).map((file, index) => {
    if (typeof file !== 'string') reader.fail(at('spec', 'values', index), `expected a file name, got ${describeValue(file)}`);
    return file;
  });
  // As --environment excludes --profile and --values: the environment binds both.
  if (environment !== undefined && profile !== undefined) reader.fail(at('spec', 'profile'), 'spec.profile and spec.environment exclude each other: the environment binds its own profile');
  if (environment !== undefined && values.length > 0) reader.fail(at('spec', 'values'), 'spec.values and spec.environment exclude each other: the environment binds its own values');
  const namespace = reader.optionalString(spec.namespace, at('spec', 'namespace'));
  if (spec.set !== undefined && spec.set !== null) {
    if (!isPlainObject(spec.set)) reader.fail(at('spec', 'set'), `expected a map of package parameters, got ${describeValue(spec.set)}`);
  }
  const set = isPlainObject(spec.set) ? isolatedText(list, at('spec', 'set')) : undefined;
  return { kind: 'package', path, environment, profile, values, namespace, set };
}

function annotations(config: Record<string, unknown>): Record<string, unknown> {
  const metadata = isPlainObject(config.metadata) ? config.metadata : {};
  return isPlainObject(metadata.annotations) ? metadata.annotations : {};
}

/** The functionConfig as results name it: the object, and the file the orchestrator read it from. */
export function functionConfigSubject(list: ResourceList): { ref?: ResourceRef; file?: OriginFile } {
  return list.functionConfig ? { ref: resourceRef(list.functionConfig), file: originFile(list.functionConfig) } : {};
}

/** The object a YAML file holds, as a result names it; undefined where the file does not name one. */
export function documentRef(input: InputFile): ResourceRef | undefined {
  try {
    const value = readDocument(input, 'an object').peek();
    return isPlainObject(value) ? resourceRef(value) : undefined;
  } catch {
    return undefined;
  }
}

function resourceRef(config: Record<string, unknown>): ResourceRef | undefined {
  const metadata = isPlainObject(config.metadata) ? config.metadata : {};
  const { apiVersion, kind } = config;
  const { name, namespace } = metadata;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || typeof name !== 'string') return undefined;
  return { apiVersion, kind, name, ...(typeof namespace === 'string' ? { namespace } : {}) };
}

/** Where the orchestrator read the functionConfig, by the specification's internal annotations (or their older names). */
function originFile(config: Record<string, unknown>): OriginFile | undefined {
  const notes = annotations(config);
  const path = notes['internal.config.kubernetes.io/path'] ?? notes['config.kubernetes.io/path'];
  if (typeof path !== 'string' || path === '') return undefined;
  const index = Number(notes['internal.config.kubernetes.io/index'] ?? notes['config.kubernetes.io/index']);
  return Number.isInteger(index) && index >= 0 ? { path, index } : { path };
}

