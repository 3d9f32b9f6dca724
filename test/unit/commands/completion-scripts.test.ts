import { describe, expect, it } from 'vitest';
import { completionScript, type CompletionSpec } from '../../../src/commands/support/completion-scripts.js';

const spec: CompletionSpec = {
  bin: 'kurel',
  types: ['webservice', 'expose', 'x;rm -rf ~', '$(touch pwned)'],
  commands: [
    { id: 'build', summary: "Build it. It's fast.", flags: [{ name: 'format', takesValue: true, options: ['yaml', 'json'] }, { name: 'force', takesValue: false }], args: [{ kind: 'file' }] },
    { id: 'profile import', summary: 'Import a profile.', flags: [], args: [] },
    { id: 'schemas', flags: [], args: [{ kind: 'type' }] },
  ],
};

describe('completionScript', () => {
  it('leaves out a type name a shell would read as code, in every shell', () => {
    for (const shell of ['bash', 'zsh', 'fish'] as const) {
      const script = completionScript(shell, spec);
      expect(script, shell).toContain('expose webservice');
      expect(script, shell).not.toContain('rm -rf');
      expect(script, shell).not.toContain('pwned');
    }
  });

  it('bash: a case for each topic, each flag with a value, and each argument', () => {
    const script = completionScript('bash', spec);
    expect(script).toContain('build|profile|profile\\ import|schemas) cmd=');
    expect(script).toContain('profile) COMPREPLY=($(compgen -W "import" -- "$cur")); return ;;');
    expect(script).toContain('"build --format") COMPREPLY=($(compgen -W "yaml json" -- "$cur")); return ;;');
    expect(script).not.toContain('"build --force")');
    expect(script).toContain('schemas) COMPREPLY=($(compgen -W "expose webservice" -- "$cur")) ;;');
  });

  it('fish: quotes a summary holding a quote, and keeps it to its first sentence line', () => {
    const script = completionScript('fish', spec);
    expect(script).toContain("complete -c kurel -n __fish_use_subcommand -a build -d 'Build it. It\\'s fast'");
    expect(script).toContain("complete -c kurel -n '__fish_seen_subcommand_from build' -l format -x -a 'yaml json' -d ''");
  });
});
