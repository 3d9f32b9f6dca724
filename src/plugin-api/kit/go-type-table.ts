/**
 * Go structs as encoding/json sees them: per field its JSON name, its type reduced (`*T` a
 * pointer, `[]T` a list, `map[T]` a map with string keys, a struct's id, or one of `string`,
 * `int`, `float`, `bool`, `time`, `duration`, `quantity`, `intorstring`, `any`) and its tag's
 * options: 1 `omitempty`, 2 `omitzero` (a zero value, a struct's too, left out).
 */
export type GoStructTable = Readonly<Record<string, ReadonlyArray<readonly [string, string, number]>>>;
