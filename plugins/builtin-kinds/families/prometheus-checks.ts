import { type HandlerContext, type JsonObject, type JsonValue } from 'kurel/plugin-api';
import { dottedPath, isDns1123Label, parseGoDuration } from 'kurel/plugin-kit';
import { childOf, isJsonObject } from '../shared/json-guards.js';

/** The name the object takes, and the component's. */
export interface ObjectNames {
  object: string;
  component: string;
}

// The Prometheus operator kinds' refusals beyond the schema, as the reference makes them.

type Path = (string | number)[];

/** Every value at a path with `[]` for list elements (`endpoints[].relabelings[].action`), with its concrete path. */
export function valuesAt(spec: JsonObject, path: string): Array<{ value: JsonValue; path: Path }> {
  let found: Array<{ value: JsonValue; path: Path }> = [{ value: spec, path: [] }];
  for (const part of path.split('.')) {
    const name = part.replace(/\[\]$/, '');
    const each = part.endsWith('[]');
    const next: typeof found = [];
    for (const { value, path: at } of found) {
      const child = childOf(value, name);
      if (child === undefined) continue;
      if (each && Array.isArray(child)) child.forEach((element, index) => next.push({ value: element, path: [...at, name, index] }));
      else if (!each) next.push({ value: child, path: [...at, name] });
    }
    found = next;
  }
  return found;
}

/**
 * Refuses an authored "" on a field the Go type omits when empty and the API server then fills
 * with another default: the object would not carry what was written. (A relabeling action's ""
 * is the schema's to refuse: its enum holds no empty value.)
 */
export function refuseDefaultedEmpty(spec: JsonObject, defaults: Record<string, string>, ctx: HandlerContext): void {
  for (const [path, fallback] of Object.entries(defaults)) {
    for (const { value, path: at } of valuesAt(spec, path)) {
      if (value === '') {
        ctx.fail(`${dottedPath(at)}: "" cannot be carried by the Prometheus operator API types (the field is omitted when empty, so the API server would apply its default ${fallback})`, at);
      }
    }
  }
}

export function refuseNegativeReplicas(spec: JsonObject, why: string, ctx: HandlerContext): void {
  if (typeof spec.replicas === 'number' && spec.replicas < 0) ctx.fail(`replicas: ${spec.replicas} is below 0: ${why}`, ['replicas']);
}

/** Refuses a Go duration of 0 or less, which the operator discards; a value that is no Go duration is the API's to judge. */
export function refuseNonPositiveDurations(spec: JsonObject, fields: string[], ctx: HandlerContext): void {
  for (const field of fields) {
    const value = spec[field];
    if (typeof value !== 'string' || value === '') continue;
    const nanos = parseGoDuration(value);
    if (nanos !== undefined && nanos <= 0n) {
      ctx.fail(`${field}: "${value}" is not a positive duration: the Prometheus operator ignores it and runs the pods as if the field were unset; name a positive one, or leave it unset`, [field]);
    }
  }
}

/** semver.ParseTolerant's reading of a version: an optional v, one to three numbers, then a pre-release or build. */
export function parseTolerantVersion(text: string): [number, number, number] | undefined {
  const match = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+][0-9A-Za-z.+-]*)?\s*$/.exec(text);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/**
 * The Alertmanager version: required where the image is named (the operator chooses the
 * container's flags by it), one the operator parses, and 0.15.0 or later of major version 0.
 */
export function checkAlertmanagerVersion(spec: JsonObject, ctx: HandlerContext): void {
  const containers = Array.isArray(spec.containers) ? spec.containers : undefined;
  const patched = containers?.some((container) => isJsonObject(container) && container.name === 'alertmanager' && container.image);
  if (spec.version === undefined || spec.version === '') {
    if ((spec.image !== undefined && spec.image !== '') || patched) {
      ctx.fail(
        'version: required where image, or an entry of containers named alertmanager, names the image: the Prometheus operator chooses the flags of the alertmanager container by the version named here; name the version of the image',
        ['version'],
      );
    }
    return;
  }
  // The schema types version as a string, and an unset or empty one returned above.
  const version = parseTolerantVersion(spec.version as string);
  if (!version) ctx.fail(`version: "${spec.version}" is not a version the Prometheus operator can parse, and it fails to build the pods; name one such as v0.28.1`, ['version']);
  const [major, minor] = version;
  if (major > 0 || minor < 15) {
    ctx.fail(`version: "${spec.version}" is not supported by the Prometheus operator, which runs Alertmanager 0.15.0 and later of major version 0; name one such as v0.28.1`, ['version']);
  }
}

/**
 * Refuses an object name the operator cannot name its objects after: it names the StatefulSet
 * `<prefix>-<name>`, the pods `<prefix>-<name>-<ordinal>` and the data volume
 * `<prefix>-<name>-<suffix>` (or the claim template's own name on the claim template arm), and
 * the API takes each only as a DNS-1123 label.
 */
export function checkOperatorNames(spec: JsonObject, names: ObjectNames, prefix: string, suffix: string, kind: string, ctx: HandlerContext): void {
  const refuse = (what: string, value: string): never => {
    const rule = `the Prometheus operator names ${what} "${value}", which must be a DNS-1123 label (at most 63 characters: lower-case letters, digits and "-")`;
    if (names.object === names.component) ctx.fail(`${kind.toLowerCase()} "${names.object}": the component name is the ${kind}'s name, and ${rule}`);
    return ctx.fail(`objectName: "${names.object}" is not a valid name for this ${kind}: ${rule}`, ['objectName']);
  };
  // The schema types storage as an object, and a claim template's metadata.name as a string.
  const storage = spec.storage as JsonObject | undefined;
  const claimArm = storage !== undefined && storage.emptyDir === undefined && storage.ephemeral === undefined;
  const claimName = claimArm ? (childOf(childOf(storage.volumeClaimTemplate, 'metadata'), 'name') as string | undefined) : undefined;
  if (claimName) {
    if (!isDns1123Label(claimName)) ctx.fail(`storage.volumeClaimTemplate.metadata.name: "${claimName}" is not a DNS-1123 label; the Prometheus operator names the data volume with it, which the API then refuses`, ['storage', 'volumeClaimTemplate', 'metadata', 'name']);
  } else {
    const volume = `${prefix}-${names.object}-${suffix}`;
    if (!isDns1123Label(volume)) refuse('the data volume', volume);
  }
  const replicas = typeof spec.replicas === 'number' ? spec.replicas : 1;
  if (replicas > 0) {
    const hostname = `${prefix}-${names.object}-${replicas - 1}`;
    if (!isDns1123Label(hostname)) refuse('the pod of the last replica', hostname);
  }
}
