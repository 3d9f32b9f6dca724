import type { ComponentHandler, K8sObject, NamedInput } from '../../plugin-api/index.js';

// Under a Flux namespace, a Flux object moves there and reads what it names from there: a trait's
// sub-application producing such a ConfigMap or Secret follows it. Every other trait object stays
// with the workloads, where a HelmRelease installs them.

export interface TraitOutput {
  objects: K8sObject[];
  input?: NamedInput;
}

/** Moves each sub-application whose input the component's Flux objects read by kind and name. */
export function followFluxReads(handler: ComponentHandler<unknown> | undefined, objects: K8sObject[], subs: TraitOutput[], fluxNamespace: string | undefined): void {
  if (!fluxNamespace || handler?.object?.scope !== 'flux' || !handler.fluxNamespaceReads) return;
  const reads = objects.flatMap((object) => handler.fluxNamespaceReads!(object));
  for (const sub of subs) {
    const input = sub.input;
    if (!input || !reads.some((read) => read.kind === input.kind && read.name === input.name)) continue;
    for (const object of sub.objects) if (object.metadata.namespace !== undefined) object.metadata.namespace = fluxNamespace;
  }
}
