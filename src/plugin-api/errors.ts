import { ErrorCode, type KurelErrorCode } from './error-codes.js';

/** A path into the properties of the element a handler is working on. */
export type PropertyPath = ReadonlyArray<string | number>;

const HANDLER_ERROR = Symbol.for('kurel.HandlerError');

/**
 * A refusal raised by a handler or rule through its context. The engine places it at the
 * authored input (file, line, column and property path) before it reaches the user. Plugins may
 * be loaded as separate module instances, so it is recognised by a registered symbol, not by
 * `instanceof`. Its code is a catalogued one; the engine reports it with that code's factory.
 */
export class HandlerError extends Error {
  readonly [HANDLER_ERROR] = true;
  constructor(
    message: string,
    readonly path: PropertyPath = [],
    readonly code: KurelErrorCode = ErrorCode.handler,
  ) {
    super(message);
    this.name = 'HandlerError';
  }
}

export function isHandlerError(value: unknown): value is HandlerError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[HANDLER_ERROR] === true;
}
