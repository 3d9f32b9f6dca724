import { HandlerError, isHandlerError, type AuthoredComponent, type AuthoredTrait, type LoweringContext, type NameRole, type PropertiesOf, type NameRoleInfo, type Properties, type WithProperties } from 'kurel/plugin-api';
import { copyData, describeValue, shortenNameWithSuffix, schemaBuilders } from 'kurel/plugin-kit';
import { containerSchema } from './container.js';
import { deploymentSpecSchema } from './deployment.js';
import { podSpecSchema } from './pod-spec.js';
import { affinityShorthandSchema, expandAffinityShorthand } from './scheduling.js';
import { checkVolumes, roleVolumesSchema, type AuthoredVolume } from './volumes.js';

const { bool, str } = schemaBuilders;

// What webservice and worker share: the role surface and the members they lower to.

/** The role surface: the deployment's, with the affinity shorthand and claim-creating volumes. */
export const roleSchema = {
  ...containerSchema,
  volumes: roleVolumesSchema,
  ...podSpecSchema({ jobPods: false }),
  affinity: affinityShorthandSchema,
  ...deploymentSpecSchema,
  topologySpread: bool('Spread the pods over nodes (and zones from 3 replicas) with topology spread constraints.', { default: true }),
  deploymentObjectName: str('Name of the Deployment, used as written (a DNS-1123 subdomain); the component name when unset.'),
  serviceAccountObjectName: str('Name of the generated ServiceAccount, used as written (a DNS-1123 subdomain); the component name when unset. Not with serviceAccountName.'),
};

/** The Service's name, for a role that exposes a port. */
export const serviceObjectNameSchema = {
  serviceObjectName: str('Name of the Service, used as written (a DNS-1035 label); the component name when unset.'),
};

/** The properties of a role component (a worker's, or a webservice's with its Service's name), defaults applied. */
type RoleProperties = PropertiesOf<typeof roleSchema> & Partial<PropertiesOf<typeof serviceObjectNameSchema>>;

/** Properties the rule evaluates itself and hands to no member. */
const RULE_PROPERTIES = ['port', 'topologySpread', 'affinity', 'volumes', 'deploymentObjectName', 'serviceObjectName', 'serviceAccountObjectName'];

/** The roles a role rule names its members under: webservice's and worker's alike. */
export const WORKLOAD_ROLES: NameRoleInfo[] = [
  { role: 'workload-deployment', names: 'the Deployment of a webservice or worker component', default: 'the component name', property: 'deploymentObjectName', syntax: 'subdomain' },
  { role: 'workload-serviceaccount', names: 'the ServiceAccount of a webservice or worker component', default: 'the component name', property: 'serviceAccountObjectName', syntax: 'subdomain' },
  { role: 'workload-volume-claim', names: 'the PersistentVolumeClaim of a pvc volume of a webservice or worker component', default: '<component>-<volume>, shortened to 253 with the volume kept whole', property: 'volumes[].claimObjectName', syntax: 'subdomain' },
];

/** The Service's role: a webservice's only. */
export const WORKLOAD_SERVICE_ROLE: NameRoleInfo = { role: 'workload-service', names: 'the Service of a webservice component', default: 'the component name', property: 'serviceObjectName', syntax: 'label1035' };

/** The name of the main container's port and of the Service port in front of it. */
const PORT_NAME = 'http';

/**
 * The members a role component lowers to, in emission order: a deployment, a service when
 * the role exposes `port`, and a serviceaccount unless `serviceAccountName` names an existing
 * account. They keep the component's name, so they deploy as one sibling group.
 */
export function lowerRole(component: WithProperties<AuthoredComponent, RoleProperties>, ctx: LoweringContext, options: { port?: number } = {}): AuthoredComponent[] {
  const props = component.properties;
  const { port } = options;
  const depProps: Properties = copyData(props);
  for (const key of RULE_PROPERTIES) delete depProps[key];
  if (port !== undefined) depProps.ports = [{ name: PORT_NAME, containerPort: port, protocol: 'TCP' }];
  const affinity = expandAffinityShorthand(props.affinity, ctx.labelValue(component.name));
  if (affinity) depProps.affinity = affinity;
  const { volumes, claimTraits } = lowerVolumes(component.name, props.volumes, ctx);
  if (volumes) depProps.volumes = volumes;

  // The spread and the claims act on the Deployment before any authored trait does.
  const depTraits: AuthoredTrait[] = props.topologySpread ? [{ type: 'topology-spread', properties: {} }] : [];
  depTraits.push(...claimTraits);
  const serviceTraits: AuthoredTrait[] = [];
  const accountTraits: AuthoredTrait[] = [];
  for (const trait of component.traits ?? []) {
    const everyMember = ctx.appliesToEveryMember(trait.type);
    // Routing traits act on the Service; the delivery intents cover every member's objects.
    const routing = port !== undefined && ctx.routesToService(trait.type);
    if (routing || everyMember) serviceTraits.push(trait);
    if (!routing) depTraits.push(trait);
    if (everyMember) accountTraits.push(trait);
  }

  if (props.serviceAccountName !== undefined && props.serviceAccountObjectName !== undefined) {
    ctx.fail(
      'serviceAccountObjectName and serviceAccountName are both set: serviceAccountName names an existing account, so the component generates none for serviceAccountObjectName to name; remove one of them',
      ['serviceAccountObjectName'],
    );
  }
  const members: AuthoredComponent[] = [];
  const deployment = member(component, 'deployment', depProps, depTraits);
  nameMember(deployment, 'workload-deployment', 'Deployment', props, 'deploymentObjectName', ctx);
  members.push(deployment);
  if (port !== undefined) {
    const ports = [{ name: PORT_NAME, port, targetPort: port, protocol: 'TCP' }];
    const service = member(component, 'service', { ports }, serviceTraits);
    nameMember(service, 'workload-service', 'Service', props, 'serviceObjectName', ctx);
    members.push(service);
  }
  if (props.serviceAccountName === undefined) {
    const account = member(component, 'serviceaccount', { automountServiceAccountToken: false }, accountTraits);
    depProps.serviceAccountName = nameMember(account, 'workload-serviceaccount', 'ServiceAccount', props, 'serviceAccountObjectName', ctx);
    members.push(account);
  }
  return members;
}

/** A member's object name under its role; a refusal says which object it was naming. */
function nameMember(target: AuthoredComponent, role: NameRole, what: string, props: RoleProperties, key: 'deploymentObjectName' | 'serviceObjectName' | 'serviceAccountObjectName', ctx: LoweringContext): string {
  try {
    return ctx.resolveMemberName(target, { role, authored: props[key], property: key });
  } catch (error) {
    if (!isHandlerError(error)) throw error;
    throw new HandlerError(`naming the ${what}: ${error.message}`, error.path, error.code);
  }
}

function member(component: AuthoredComponent, type: string, properties: Properties, traits: AuthoredTrait[]): AuthoredComponent {
  const emitted: AuthoredComponent = { name: component.name, type, properties, traits: copyData(traits) };
  if (component.annotations) emitted.annotations = { ...component.annotations };
  return emitted;
}

const CLAIM_KEYS = ['size', 'storageClass', 'accessModes', 'volumeMode', 'claimObjectName'];

/**
 * Turns each pvc volume without `claimName` into a `pvc` trait creating the claim
 * `<component>-<volume>`, and points the volume at it. The trait is built here, so the rule
 * reads the ClusterProfile's `pvc` storageClassName itself; an authored storageClass wins.
 */
function lowerVolumes(componentName: string, volumes: AuthoredVolume[] | undefined, ctx: LoweringContext): { volumes?: AuthoredVolume[]; claimTraits: AuthoredTrait[] } {
  const claimTraits: AuthoredTrait[] = [];
  if (!volumes) return { claimTraits };
  checkVolumes(volumes, ctx);
  const rewritten = volumes.map((volume, index) => {
    if (volume.type !== 'pvc') return volume;
    const claimKeys = CLAIM_KEYS.filter((key) => volume[key] !== undefined);
    if (volume.claimName !== undefined) {
      if (claimKeys.length > 0) {
        ctx.fail(`volumes[${index}].${claimKeys[0]}: describes a claim to create, but claimName names an existing one`, ['volumes', index, claimKeys[0]]);
      }
      return volume;
    }
    if (volume.size === undefined) {
      ctx.fail(`volumes[${index}]: a pvc volume without claimName needs size, the size of the claim it creates`, ['volumes', index, 'size']);
    }
    const claim = claimName(componentName, volume, index, ctx);
    const claimProps: Properties = { name: claim, size: String(volume.size) };
    const storageClassName = volume.storageClass ?? platformStorageClass(ctx);
    if (storageClassName !== undefined) claimProps.storageClassName = storageClassName;
    if (volume.accessModes !== undefined) claimProps.accessModes = volume.accessModes;
    if (volume.volumeMode !== undefined) claimProps.volumeMode = volume.volumeMode;
    claimTraits.push({ type: 'pvc', properties: claimProps });
    const kept: AuthoredVolume = { ...volume, claimName: claim };
    for (const key of CLAIM_KEYS) delete kept[key];
    return kept;
  });
  return { volumes: rewritten, claimTraits };
}

/** The claim's name under role `workload-volume-claim`: `claimObjectName`, else `<component>-<volume>` with the volume half kept whole. */
function claimName(componentName: string, volume: AuthoredVolume, index: number, ctx: LoweringContext): string {
  const spec = {
    role: 'workload-volume-claim',
    kind: 'PersistentVolumeClaim',
    default: shortenNameWithSuffix(componentName, `-${volume.name}`, 253),
    authored: volume.claimObjectName,
    property: `volumes[${index}].claimObjectName`,
  } as const;
  try {
    return ctx.namer.reserve(ctx.resolveName(spec));
  } catch (error) {
    if (!isHandlerError(error)) throw error;
    throw new HandlerError(`volume "${volume.name}": naming the PersistentVolumeClaim: ${error.message}`, error.path, error.code);
  }
}

function platformStorageClass(ctx: LoweringContext): string | undefined {
  const value = ctx.capability('pvc')?.rendering.storageClassName;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') ctx.fail(`capability "pvc" storageClassName: expected a string, got ${describeValue(value)}`);
  return value as string;
}
