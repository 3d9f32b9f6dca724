import { loadCapabilityDefinitions, type CapabilityDefinition } from '../documents/capability-definitions.js';
import { parsePackage } from '../documents/package.js';
import { DEFAULT_PROFILE_TEXT, parseProfile, type ParsedProfile } from '../documents/profile.js';
import { readDocument, readDocuments, type SourceDocument } from '../yaml/index.js';
import type { BuildInput } from '../run/build-input.js';
import { resolveParameters } from '../documents/parameters.js';

export interface ReadInputs {
  /** The Application document, with the package's parameters substituted in package mode. */
  application: SourceDocument;
  /** The ClusterProfile as written; the embedded default when none was given. */
  profile: ParsedProfile;
  definitions: Map<string, CapabilityDefinition>;
}

/**
 * The first two boxes of the pipeline: every input text read into positioned documents, then the
 * package's parameters resolved (values files, `--set`, defaults) into the Application.
 */
export function readInputs(input: BuildInput): ReadInputs {
  const application = readDocument(input.application, 'application file');
  if (input.package) {
    const pkg = parsePackage(readDocument(input.package, 'package file'));
    const values = (input.values ?? []).map((file) => ({ file: file.file, source: readDocuments(file)[0] }));
    resolveParameters(
      pkg,
      { values, sets: input.sets ?? [], setStrings: input.setStrings ?? [], setJsons: input.setJsons ?? [], setFiles: input.setFiles ?? [], setFileTexts: input.setFileTexts ?? {} },
      application,
    );
  }
  const profile = parseProfile(readDocument(input.profile ?? { file: '<default profile>', text: DEFAULT_PROFILE_TEXT }, 'profile file'));
  return { application, profile, definitions: loadCapabilityDefinitions(input.capabilityDefinitions ?? []) };
}
