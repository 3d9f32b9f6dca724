import { dirname } from 'node:path';
import type { Diagnostic } from '../../engine/index.js';

/**
 * A refusal of a capability the ClusterProfile does not bind, what the embedded profile gives
 * every build that asks for one: a trait's own, or a lowering rule's that read it.
 */
const UNBOUND = /capability "[^"]+" not found in ClusterProfile/;

/**
 * The refusals of a build that named no ClusterProfile (neither --profile nor --environment), each
 * missing capability told where the profile came from: kurel's embedded one, which binds none. The
 * last such refusal of each application names what its folder offers instead: the environments
 * its EnvironmentSet declares, or the ClusterProfile files beside it.
 */
export async function withProfileHint(diagnostics: readonly Diagnostic[], argv: readonly string[]): Promise<Diagnostic[]> {
  if (flagGiven(argv, 'profile') || flagGiven(argv, 'environment')) return [...diagnostics];
  const last = new Map<string, number>();
  diagnostics.forEach((diagnostic, index) => {
    if (UNBOUND.test(diagnostic.message)) last.set(diagnostic.file ?? '', index);
  });
  if (last.size === 0) return [...diagnostics];
  const host = await import('../../host/index.js');
  const environmentsFile = flagValue(argv, 'environments');
  const hinted = [...diagnostics];
  for (const [file, index] of last) {
    const fromStdin = file === '' || file === host.STDIN_FILE;
    const offered = fromStdin ? { environments: [], profiles: [] } : host.profileSuggestions(dirname(file), environmentsFile);
    let instead = 'name a ClusterProfile that binds it with --profile FILE';
    if (offered.environments.length > 0) instead = `${offered.environmentsFile} declares environments: add --environment ${offered.environments.join('|')}`;
    else if (offered.profiles.length > 0) instead = `add --profile ${offered.profiles.join('|')}`;
    const hint = `hint: no --profile or --environment was given, so kurel used its embedded ClusterProfile, which binds no capabilities; ${instead}`;
    hinted[index] = { ...hinted[index], message: `${hinted[index].message}\n  ${hint}` };
  }
  return hinted;
}

/** Whether `--name` was typed, alone or as `--name=value`. */
function flagGiven(argv: readonly string[], name: string): boolean {
  return argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
}

/** The value typed for `--name`, the last one where it is typed twice. */
function flagValue(argv: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  argv.forEach((arg, index) => {
    if (arg === `--${name}`) value = argv[index + 1];
    else if (arg.startsWith(`--${name}=`)) value = arg.slice(name.length + 3);
  });
  return value;
}
