import type { Diagnostic } from '../../plugin-api/diagnostics.js';

/** Diagnostics in the order of the file, whichever pass found them; what has no place keeps its order, last. */
export function inFileOrder(diagnostics: Diagnostic[]): Diagnostic[] {
  const count = diagnostics.length;
  let lastLine = 0;
  let lastColumn = 0;
  for (const { line, column } of diagnostics) {
    if (line !== undefined && line > lastLine) lastLine = line;
    if (line !== undefined && column !== undefined && column > lastColumn) lastColumn = column;
  }
  // Each diagnostic's place and index as one number, where they fit in a double exactly: sorted
  // as numbers, not through a comparison function called log n times a diagnostic.
  const columns = lastColumn + 1;
  const unplaced = (lastLine + 1) * columns;
  if ((unplaced + 1) * count > Number.MAX_SAFE_INTEGER) return sortedByComparison(diagnostics);
  const keys = new Float64Array(count);
  let ordered = true;
  for (let index = 0; index < count; index++) {
    const { line, column } = diagnostics[index];
    keys[index] = (line === undefined ? unplaced : line * columns + (column ?? 0)) * count + index;
    if (index > 0 && keys[index - 1] > keys[index]) ordered = false;
  }
  // One pass finds most in the file's order already (a value refused at each key): those are left as they are.
  if (ordered) return diagnostics;
  keys.sort();
  return Array.from(keys, (key) => diagnostics[key % count]);
}

/** The same order, for places too far apart to number with their indices. */
function sortedByComparison(diagnostics: Diagnostic[]): Diagnostic[] {
  const lines = Float64Array.from(diagnostics, ({ line }) => line ?? Infinity);
  const columns = Float64Array.from(diagnostics, ({ line, column }) => (line === undefined ? 0 : (column ?? 0)));
  // Two unplaced differ by NaN, which is falsy: their indices order them.
  return Array.from(diagnostics.keys())
    .sort((a, b) => lines[a] - lines[b] || columns[a] - columns[b] || a - b)
    .map((index) => diagnostics[index]);
}
