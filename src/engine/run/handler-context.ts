import { HandlerError, PolicyRefusal, type HandlerContext, type PropertyPath } from '../../plugin-api/index.js';
import { chooseName, componentLabelValue } from '../../plugin-api/kit/index.js';
import type { NameClaims, NameOwner } from '../naming/name-claims.js';
import type { BuildScope } from './scope.js';
import type { StageLog } from './stage-log.js';

/** Who a handler call resolves names for, and the claim space they are claimed in. */
export interface NamingFor {
  owner: NameOwner;
  claims: NameClaims;
}

/**
 * The facade a handler or rule sees. With `naming`, the names it resolves are claimed for the
 * owner (and put to the Naming hook); without, they are only checked. Warnings and the
 * capabilities it reads go to the calling stage's log.
 */
export function handlerContext(scope: BuildScope, log: StageLog, namespace: string, naming?: NamingFor): HandlerContext {
  const owner = naming?.owner;
  return {
    namespace,
    domain: scope.settings.domain,
    componentLabelKey: scope.componentLabelKey,
    clusterId: scope.settings.clusterId,
    warn: (message: string) => log.warn(message),
    fail: (message: string, path: PropertyPath = []): never => {
      throw new HandlerError(message, path);
    },
    policy: scope.policy,
    violate: (refusalClass: string, message: string, path: PropertyPath = []): never => {
      throw new PolicyRefusal(refusalClass, message, path);
    },
    capability: (key: string) => log.capability(scope, key),
    cluster: scope.cluster,
    fetched: (url: string) => scope.fetched[url],
    renderedChart: () => (owner?.component !== undefined ? scope.renderedCharts[owner.component] : undefined),
    labelValue: componentLabelValue,
    resolveName: (spec) => (naming ? naming.claims.resolve(spec, naming.owner, namespace) : chooseName(spec, scope.nameRoles).name),
    claimObjectName: (claim) => {
      if (naming) naming.claims.claimObject(claim, naming.owner, namespace);
    },
    objectLayout: scope.objectLayout,
  };
}
