// Reading and writing YAML, behind one interface: text in, positioned documents out, within the
// input limits; objects in, kurel's bytes out. How a text is read (the block reader, JSON.parse,
// or the `yaml` library) and how objects are written is this room's own business; every path
// gives what the `yaml` library gives (test/property/yaml-module.test.ts).

export { parseSource as readDocuments, parseSingleSource as readDocument, SourceDocument, type InputFile } from './source.js';
export { DEFAULT_INPUT_LIMITS, MAX_NESTING_DEPTH, overLimit, type InputLimits } from './input-limits.js';
export { encodeObject as writeObject, encodeStream as writeObjects } from './emit.js';
export { writtenObjects } from './written-stream.js';
