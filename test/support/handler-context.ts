import { HandlerError, PolicyRefusal, type HandlerContext, type PropertyPath } from 'kurel/plugin-api';

/**
 * The refusal half of a handler context, for unit tests of the pure helpers that take one (a
 * helper that reports through `ctx.fail`, `ctx.violate` or `ctx.warn`): a refusal throws as the
 * engine's does, a warning is kept. Handlers themselves run through the HandlerTester.
 */
export function refusingContext(): Pick<HandlerContext, 'fail' | 'violate' | 'warn'> & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    warn: (message: string) => void warnings.push(message),
    fail: (message: string, path: PropertyPath = []): never => {
      throw new HandlerError(message, path);
    },
    violate: (refusalClass: string, message: string, path: PropertyPath = []): never => {
      throw new PolicyRefusal(refusalClass, message, path);
    },
  };
}
