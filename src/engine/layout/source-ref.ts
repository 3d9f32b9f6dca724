import { kurelErrors } from '../../plugin-api/index.js';
import { isDns1123Label, isDns1123Subdomain } from '../../plugin-api/kit/index.js';
import type { FluxLayoutOptions } from './model.js';

/** The source kinds a Flux Kustomization's `sourceRef` may name. */
const SOURCE_KINDS = ['GitRepository', 'OCIRepository', 'Bucket', 'ExternalArtifact'];

/** What `flux bootstrap` creates, and so what a bootstrapped repository's Kustomizations read. */
export const DEFAULT_SOURCE_REF: FluxLayoutOptions['sourceRef'] = { kind: 'GitRepository', name: 'flux-system' };

/** `KIND/NAME[.NAMESPACE]`: the namespace, a DNS-1123 label, is what follows the last dot. */
export function parseSourceRef(text: string | undefined): FluxLayoutOptions['sourceRef'] {
  if (text === undefined) return DEFAULT_SOURCE_REF;
  const slash = text.indexOf('/');
  const kind = slash === -1 ? '' : text.slice(0, slash);
  const rest = slash === -1 ? '' : text.slice(slash + 1);
  const usage = `--source-ref "${text}": expected KIND/NAME[.NAMESPACE], e.g. GitRepository/flux-system`;
  if (!kind || !rest) throw kurelErrors.flag(usage);
  if (!SOURCE_KINDS.includes(kind)) throw kurelErrors.flag(`${usage}; KIND is one of ${SOURCE_KINDS.join(', ')}`);
  const dot = rest.lastIndexOf('.');
  const name = dot === -1 ? rest : rest.slice(0, dot);
  const namespace = dot === -1 ? undefined : rest.slice(dot + 1);
  if (!isDns1123Subdomain(name)) throw kurelErrors.flag(`${usage}; "${name}" is not a valid DNS-1123 subdomain`);
  if (namespace !== undefined && !isDns1123Label(namespace)) throw kurelErrors.flag(`${usage}; "${namespace}" is not a valid namespace (a DNS-1123 label)`);
  return namespace === undefined ? { kind, name } : { kind, name, namespace };
}
