import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { findViolations, violationsIn } from '../../scripts/check-boundaries.mjs';

describe('import boundaries of the house plan', () => {
  it('has no arrow that must never exist', () => {
    expect(findViolations()).toEqual([]);
  });

  it('catches the arrows the house plan forbids', () => {
    expect(violationsIn('src/engine/x.ts', "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(violationsIn('src/engine/x.ts', "import { a } from '../host/index.js';")).toHaveLength(1);
    expect(violationsIn('src/plugin-api/x.ts', "import { b } from '../engine/build.js';")).toHaveLength(1);
    expect(violationsIn('plugins/builtin-traits/x.ts', "import { c } from '../../src/engine/index.js';")).toHaveLength(1);
    expect(violationsIn('src/host/x.ts', "const p = await import('../../plugins/builtin-traits/index.js');")).toHaveLength(1);
    expect(violationsIn('src/commands/x.ts', "export { d } from '../../plugins/builtin-components/index.js';")).toHaveLength(1);
  });

  it('refuses an import from one built-in room into another', () => {
    expect(violationsIn('plugins/builtin-traits/x.ts', "import { y } from '../builtin-components/y.js';")).toEqual([
      'plugins/builtin-traits/x.ts: imports "../builtin-components/y.js" (a plugin imports only kurel/plugin-api, kurel/plugin-kit, npm libraries and its own files)',
    ]);
    expect(violationsIn('plugins/builtin-components/x.ts', "import { y } from '../builtin-kinds/families/flux.js';")).toHaveLength(1);
    expect(violationsIn('plugins/builtin-kinds/families/x.ts', "export { y } from '../../builtin-policies/index.js';")).toHaveLength(1);
    expect(violationsIn('plugins/builtin-policies/x.ts', "const y = await import('../builtin-traits/scaler.js');")).toHaveLength(1);
  });

  it('lets the handler tester run the engine and the host, and nothing of commands or plugins', () => {
    expect(violationsIn('src/testing/x.ts', "import { build } from '../engine/index.js';\nimport { sealRegistry } from '../host/index.js';")).toEqual([]);
    expect(violationsIn('src/testing/x.ts', "import { y } from '../commands/build.js';")).toHaveLength(1);
    expect(violationsIn('src/testing/x.ts', "import y from '../../plugins/builtin-traits/index.js';")).toHaveLength(1);
  });

  it('keeps start-up to Node built-ins, its own files and the folder maker: it loads before the bundle', () => {
    expect(violationsIn('src/startup/x.ts', "import { Script } from 'node:vm';\nimport { y } from './y.js';\nimport { makeFolders } from '../host/files/make-folders.js';")).toEqual([]);
    expect(violationsIn('src/startup/x.ts', "import { startPluginHost } from '../host/index.js';")).toHaveLength(1);
    expect(violationsIn('src/startup/x.ts', "import { build } from '../engine/index.js';")).toHaveLength(1);
    expect(violationsIn('src/startup/x.ts', "import { Command } from '@oclif/core/command';")).toHaveLength(1);
  });

  it('allows a built-in its own files, however deep', () => {
    expect(violationsIn('plugins/builtin-kinds/traits/x.ts', "import { y } from '../families/operators/cilium/rules.js';")).toEqual([]);
    expect(violationsIn('plugins/builtin-components/x.ts', "import { y } from './pod-spec.js';")).toEqual([]);
  });

  it('allows the arrows the house plan permits', () => {
    expect(violationsIn('plugins/builtin-traits/x.ts', "import { defineTrait } from 'kurel/plugin-api';")).toEqual([]);
    expect(violationsIn('plugins/builtin-traits/x.ts', "import { podTemplatesOf } from 'kurel/plugin-kit';")).toEqual([]);
    expect(violationsIn('src/plugin-api/kit/x.ts', "import type { HandlerContext } from '../context.js';")).toEqual([]);
    expect(violationsIn('src/engine/x.ts', "import { parse } from 'yaml';\nimport { a } from '../plugin-api/index.js';")).toEqual([]);
    expect(violationsIn('src/host/x.ts', "import { build } from '../engine/index.js';\nimport { readFileSync } from 'node:fs';")).toEqual([]);
  });

  it('keeps the plugin contract free of the kit, and plugins on the package entries', () => {
    expect(violationsIn('src/plugin-api/x.ts', "import { copyData } from './kit/copy-data.js';")).toHaveLength(1);
    expect(violationsIn('src/plugin-api/kit/x.ts', "import { build } from '../../engine/build.js';")).toHaveLength(1);
    expect(violationsIn('plugins/builtin-traits/x.ts', "import { build } from 'kurel';")).toHaveLength(1);
    expect(violationsIn('plugins/builtin-traits/x.ts', "import { copyData } from 'kurel/dist/src/plugin-api/kit/copy-data.js';")).toHaveLength(1);
  });
});
