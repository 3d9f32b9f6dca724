import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The type tests beside this file, and the example plugin, as the compiler checks them.
const config = fileURLToPath(new URL('./tsconfig.json', import.meta.url));

function compile() {
  const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  if (!parsed) throw new Error(`cannot read ${config}`);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const messages = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
  return { files: parsed.fileNames, messages };
}

describe('handler input types from schemas', () => {
  it('type-checks the example plugin and the type tests, whose wrong property accesses are errors', () => {
    const { files, messages } = compile();
    expect(files.some((file) => file.endsWith('examples/plugins/redis-sidecar/src/index.ts'))).toBe(true);
    expect(files.some((file) => file.endsWith('test/types/schema-inference.ts'))).toBe(true);
    expect(messages).toEqual([]);
  });
});
