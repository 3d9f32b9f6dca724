import { HandlerError, PolicyRefusal, type HandlerContext, type Policy, type PropertyPath } from 'kurel/plugin-api';
import { NOOP_POLICY } from 'kurel/plugin-kit';

/**
 * The refusal half of a handler context, for unit tests of the pure helpers that take one (a
 * helper that reports through `ctx.fail`, `ctx.violate` or `ctx.warn`): a refusal throws as the
 * engine's does, a warning is kept, and the environment policy is the CLI's default unless given. Handlers themselves run through the HandlerTester.
 */
export function refusingContext(policy: Policy = NOOP_POLICY): Pick<HandlerContext, 'fail' | 'violate' | 'warn' | 'policy'> & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    policy,
    warn: (message: string) => void warnings.push(message),
    fail: (message: string, path: PropertyPath = []): never => {
      throw new HandlerError(message, path);
    },
    violate: (refusalClass: string, message: string, path: PropertyPath = []): never => {
      throw new PolicyRefusal(refusalClass, message, path);
    },
  };
}
