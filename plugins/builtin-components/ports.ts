import { type HandlerContext } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';
/** A container port as `containerPortsSchema` admits it (protocol defaulted). */
export interface ContainerPort {
  containerPort: number;
  name?: string;
  protocol?: string;
  [key: string]: unknown;
}

const { int, list, object, oneOf, str } = schemaBuilders;

export const PROTOCOLS = ['TCP', 'UDP', 'SCTP'];

export const containerPortsSchema = list(
  'Ports the main container declares. Names and port/protocol pairs are unique.',
  object('One container port.', {
    containerPort: int('Port the container listens on, 1-65535.', { required: true }),
    name: str('Port name: at most 15 lowercase letters, digits and "-", with at least one letter.'),
    protocol: oneOf(PROTOCOLS, 'TCP, UDP or SCTP.', { default: 'TCP' }),
  }),
);

const PORT_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/** Whether `name` is an IANA service name, as a container port name must be. */
export function isPortName(name: string): boolean {
  return name.length <= 15 && PORT_NAME.test(name) && /[a-z]/.test(name) && !name.includes('--');
}

export function isPortNumber(port: number): boolean {
  return port >= 1 && port <= 65535;
}

/** Checks container ports the way the API server does; returns them as they are written. */
export function checkContainerPorts(ports: ContainerPort[] | undefined, ctx: HandlerContext): ContainerPort[] {
  const names = new Set<string>();
  const pairs = new Set<string>();
  return (ports ?? []).map((port, index) => {
    const at = (key: string) => ['ports', index, key];
    if (!isPortNumber(port.containerPort)) {
      ctx.fail(`ports[${index}].containerPort: must be between 1 and 65535, got ${port.containerPort}`, at('containerPort'));
    }
    if (port.name !== undefined) {
      if (!isPortName(port.name)) ctx.fail(`ports[${index}].name: invalid port name "${port.name}"`, at('name'));
      if (names.has(port.name)) ctx.fail(`ports[${index}].name: duplicate port name "${port.name}"`, at('name'));
      names.add(port.name);
    }
    const pair = `${port.containerPort}/${port.protocol}`;
    if (pairs.has(pair)) ctx.fail(`ports[${index}]: duplicate port ${pair}`, at('containerPort'));
    pairs.add(pair);
    return { ...port };
  });
}
