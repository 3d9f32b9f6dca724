// A Kubernetes quantity: a decimal number with an optional binary (Ki, Mi, …), decimal
// (k, M, …, m) or exponent suffix.
const QUANTITY = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+|Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?$/;

/** Whether `value` is a quantity greater than zero. */
export function isPositiveQuantity(value: string): boolean {
  const match = QUANTITY.exec(value);
  return match !== null && !value.startsWith('-') && Number(match[1]) > 0;
}
