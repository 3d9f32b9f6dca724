import { afterEach, describe, expect, it } from 'vitest';
import { HandlerError, isHandlerError } from '../../../src/plugin-api/index.js';
import { guardPlugin, describeThrown } from '../../../src/host/plugins/fault-guard.js';
import { failureDiagnostics } from '../../../src/commands/support/report.js';
import { thrownBy } from '../../support/thrown.js';

const meta = { name: 'acme', version: '1.2.3', kurelApi: '^1.0.0' };

describe('guardPlugin', () => {
  it('turns anything a handler throws into a plugin-fault refusal naming plugin@version, type and function', () => {
    let reads = 0;
    const handler = {
      type: 'thing',
      get properties() {
        reads += 1;
        return {};
      },
      render() {
        throw new TypeError('x is undefined');
      },
    };
    const [guarded] = guardPlugin({ meta, components: [handler as any] }, false).components!;
    expect(reads).toBe(0);
    const error = thrownBy(() => guarded.render({} as any, {} as any));
    expect(isHandlerError(error)).toBe(true);
    expect((error as HandlerError).code).toBe('KUREL_PLUGIN_FAULT');
    expect((error as HandlerError).message).toBe('plugin acme@1.2.3 failed in component type "thing" (render): it threw TypeError: x is undefined');
    expect(guarded.properties).toEqual({});
    expect(guarded.type).toBe('thing');
  });

  it('passes a refusal through the context unchanged', () => {
    const refusal = new HandlerError('size: must be positive', ['size']);
    const [guarded] = guardPlugin({ meta, traits: [{ type: 't', apply: () => { throw refusal; } } as any] }, false).traits!;
    expect(thrownBy(() => guarded.apply({} as any, {} as any))).toBe(refusal);
  });

  it('describes what was thrown in the user\'s words, the stack only when debugging', () => {
    expect(describeThrown('boom\nmore', false)).toBe('it threw the string "boom"');
    expect(describeThrown(undefined, false)).toBe('it threw undefined');
    expect(describeThrown([1], false)).toBe('it threw a list');
    expect(describeThrown({ a: 1 }, false)).toBe('it threw a map that is no Error');
    expect(describeThrown(new Error('x'), true)).toMatch(/^it threw Error: x\nError: x\n\s+at /);
  });
});

describe('failureDiagnostics', () => {
  const saved = process.env.KUREL_DEBUG;
  afterEach(() => {
    if (saved === undefined) delete process.env.KUREL_DEBUG;
    else process.env.KUREL_DEBUG = saved;
  });

  it('reports a defect in kurel as KUREL_INTERNAL in one line, the stack only under KUREL_DEBUG=1', async () => {
    delete process.env.KUREL_DEBUG;
    const [plain] = await failureDiagnostics(new RangeError('Invalid array length'));
    expect(plain).toEqual({ code: 'KUREL_INTERNAL', severity: 'error', message: 'internal error in kurel: RangeError: Invalid array length (set KUREL_DEBUG=1 to see where)' });
    process.env.KUREL_DEBUG = '1';
    const [debug] = await failureDiagnostics(new RangeError('Invalid array length'));
    expect(debug.message).toMatch(/^internal error in kurel: RangeError: Invalid array length\nRangeError: Invalid array length\n\s+at /);
  });
});
