import type { InputFlagValues } from './input-flags.js';

/** The prefix Argo CD gives the variables of an Application's `spec.source.plugin.env`. */
export const ARGOCD_ENV_PREFIX = 'ARGOCD_ENV_';

/** Each variable `kurel cmp generate` reads (after the prefix), and the build flag it stands for. */
const VARIABLES = {
  KUREL_ENVIRONMENT: 'environment',
  KUREL_PROFILE: 'profile',
  KUREL_VALUES: 'values',
  KUREL_SET: 'set',
  KUREL_SET_STRING: 'set-string',
  KUREL_NAMESPACE: 'namespace',
} as const;

export const CMP_VARIABLES = Object.keys(VARIABLES).map((name) => `${ARGOCD_ENV_PREFIX}${name}`);

/**
 * The build flags an Argo CD Application's plugin env sets: KUREL_VALUES a comma-separated list
 * of files, KUREL_SET and KUREL_SET_STRING one `--set` each (`key=value[,key=value]`). A
 * KUREL_ variable kurel does not read is refused, naming the closest it does: a misspelt
 * environment would otherwise build with the embedded profile, unseen.
 */
export async function cmpFlags(env: NodeJS.ProcessEnv): Promise<InputFlagValues> {
  const { kurelErrors, didYouMean } = await import('../../engine/index.js');
  const flags: InputFlagValues = { 'cluster-id': 'local', 'strict-capabilities': false };
  for (const [variable, value] of Object.entries(env)) {
    if (!variable.startsWith(`${ARGOCD_ENV_PREFIX}KUREL_`) || value === undefined) continue;
    const name = variable.slice(ARGOCD_ENV_PREFIX.length);
    if (!(name in VARIABLES)) {
      const hint = didYouMean(variable, CMP_VARIABLES);
      throw kurelErrors.flag(`${variable}: kurel cmp generate reads no such variable${hint ? ` (${hint})` : ` (it reads ${CMP_VARIABLES.join(', ')})`}`);
    }
    if (value === '') continue;
    const flag = VARIABLES[name as keyof typeof VARIABLES];
    if (flag === 'values') flags.values = value.split(',').map((file) => file.trim()).filter((file) => file !== '');
    else if (flag === 'set' || flag === 'set-string') flags[flag] = [value];
    else flags[flag] = value;
  }
  return flags;
}
