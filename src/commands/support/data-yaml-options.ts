/** How printed data is written as YAML: each value in full where it recurs, no line folded. */
export const DATA_YAML_OPTIONS = { aliasDuplicateObjects: false, lineWidth: 0 } as const;
