// The texts of the component label's refusals, each naming the object, the path, the component
// and what to do. The first is the reference's; the others follow it.

const WHY = 'launcher sets that label on everything the component generates, and the NetworkPolicies generated for the component select by it';

/** A label map holds another value under the key. */
export function foreignValueText(object: string, path: string, key: string, value: string, component: string, want: string): string {
  return `${object}: ${path}["${key}"]: "${value}" is not the component label of component "${component}" ("${want}"): ${WHY}; remove the label, or write that value`;
}

/** A workload's own selector requires another value for the key than the component's. */
export function selectorRequiresAnotherText(object: string, path: string, key: string, required: string, component: string, want: string): string {
  return (
    `${object}: ${path}: the selector requires ${required} under "${key}", which is not the component label of component "${component}" ("${want}"): ` +
    `${WHY}, so the pods the selector matches could not carry it; take the key out of the selector, or require that value`
  );
}

/** A workload's own selector matches its pod template only while the template lacks the label. */
export function selectorRulesOutText(object: string, path: string, how: string, key: string, component: string, want: string): string {
  return (
    `${object}: ${path}: ${how} rules the component label of component "${component}" ("${key}": "${want}") out of a pod template that carries none: ` +
    `${WHY}, and the selector would no longer match the pod template; take the label out of the selector`
  );
}

/** Under the key app, a rule emitted for one component an entry whose label value is another component's. */
export function ofAnotherComponentText(owner: string, entry: string, rule: string, value: string, other: string): string {
  return (
    `component "${owner}": lowering rule ${rule} emitted entry "${entry}", whose label value "${value}" under the component label key "app" is the component label of component "${other}": ` +
    `the pods of both would carry it, and the NetworkPolicies generated for either would select them; rename one of the two`
  );
}
