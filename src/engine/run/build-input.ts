import type { InputFile } from '../yaml/index.js';
import type { Refusals } from './refusals.js';
import type { TransformSettings } from './scope.js';

/** What the host hands one build: the input texts, the caller's settings, and what it fetched. */
export interface BuildInput {
  application: InputFile;
  /** The ClusterProfile; the embedded default (no capability bound) when absent. */
  profile?: InputFile;
  /** `kurel.yaml`: present in package mode. */
  package?: InputFile;
  /** Values files, in the order they layer: a later one wins. */
  values?: readonly InputFile[];
  /** The value flags, each in the order given; Helm's order applies them (see `set-flags.ts`). */
  sets?: readonly string[];
  setStrings?: readonly string[];
  setJsons?: readonly string[];
  setFiles?: readonly string[];
  /** The text of each file a `--set-file` flag names, by the path as written. */
  setFileTexts?: Readonly<Record<string, string>>;
  capabilityDefinitions?: readonly InputFile[];
  settings: TransformSettings;
  strictCapabilities?: boolean;
  /** The bodies the host fetched for `collectFetches`' requests, by URL. */
  fetched?: Record<string, string>;
  /**
   * Where every component a stage refuses is reported, not only the first, where the stage can
   * go on without it: for `check`, which runs the stages once.
   */
  collect?: Refusals;
}
