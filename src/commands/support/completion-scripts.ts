/** What a shell completes: the commands, their flags and arguments, and the registry's type names. */
export interface CompletionSpec {
  bin: string;
  commands: CompletedCommand[];
  /** Every component, trait and policy type, for an argument that names one. */
  types: string[];
}

export interface CompletedCommand {
  /** Its words, `profile import`. */
  id: string;
  summary?: string;
  flags: CompletedFlag[];
  /** What its positional arguments take, in order. */
  args: CompletedArg[];
}

export interface CompletedFlag {
  name: string;
  char?: string;
  summary?: string;
  /** Whether it takes a value: its options when it has a fixed set, else a file. */
  takesValue: boolean;
  options?: readonly string[];
}

/** A positional argument: a type name, a file, or one of fixed words. */
export type CompletedArg = { kind: 'type' } | { kind: 'file' } | { kind: 'word'; options: readonly string[] };

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

/** A word a shell script may hold unquoted: what command, flag and type names are made of. */
const PLAIN_WORD = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/;

/** The completion script for `shell`. */
export function completionScript(shell: Shell, spec: CompletionSpec): string {
  const safe = sanitize(spec);
  if (shell === 'fish') return fishScript(safe);
  const bash = bashFunction(safe);
  if (shell === 'bash') return `# ${safe.bin} completion for bash. Load it: source <(${safe.bin} completion bash)\n${bash}`;
  // zsh runs the bash function through its bash-completion layer, so both shells complete alike.
  return `#compdef ${safe.bin}\n# ${safe.bin} completion for zsh. Load it: source <(${safe.bin} completion zsh)\nautoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n${bash}`;
}

/**
 * The spec with every name a script would hold unquoted checked: a plugin's type name that is no
 * plain word (it could hold shell syntax) is left out rather than quoted into code.
 */
function sanitize(spec: CompletionSpec): CompletionSpec {
  const plain = (word: string) => PLAIN_WORD.test(word);
  return {
    bin: plain(spec.bin) ? spec.bin : 'kurel',
    types: [...new Set(spec.types.filter(plain))].sort(),
    commands: spec.commands
      .filter((command) => command.id.split(' ').every(plain))
      .map((command) => ({
        ...command,
        flags: command.flags.filter((flag) => plain(flag.name)).map((flag) => ({ ...flag, options: flag.options?.filter(plain) })),
        args: command.args.map((arg) => (arg.kind === 'word' ? { kind: 'word' as const, options: arg.options.filter(plain) } : arg)),
      })),
  };
}

/** The words that can follow `prefix` (`''` for the first word): commands and topics. */
function nextWords(commands: readonly CompletedCommand[], prefix: string): string[] {
  const depth = prefix === '' ? 0 : prefix.split(' ').length;
  const words = commands
    .map((command) => command.id.split(' '))
    .filter((words) => words.length > depth && words.slice(0, depth).join(' ') === prefix)
    .map((words) => words[depth]);
  return [...new Set(words)].sort();
}

/** Every word sequence that is a command or a topic: `profile`, `profile import`. */
function commandPrefixes(commands: readonly CompletedCommand[]): string[] {
  const prefixes = new Set<string>();
  for (const command of commands) {
    const words = command.id.split(' ');
    for (let length = 1; length <= words.length; length++) prefixes.add(words.slice(0, length).join(' '));
  }
  return [...prefixes].sort();
}

const bashCase = (pattern: string) => pattern.split(' ').join('\\ ');

function bashFunction(spec: CompletionSpec): string {
  const { commands, bin } = spec;
  const fn = `_${bin.replace(/[^A-Za-z0-9]/g, '_')}_complete`;
  const lines: string[] = [];
  lines.push(`${fn}() {`);
  lines.push('  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" word i');
  lines.push('  (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"');
  lines.push('  COMPREPLY=()');
  lines.push('  # The command: the leading words that name a command or a topic.');
  lines.push('  for (( i = 1; i < COMP_CWORD; i++ )); do');
  lines.push('    word="${COMP_WORDS[i]}"');
  lines.push('    case "${cmd:+$cmd }$word" in');
  lines.push(`      ${commandPrefixes(commands).map(bashCase).join('|')}) cmd="\${cmd:+$cmd }$word" ;;`);
  lines.push('      *) break ;;');
  lines.push('    esac');
  lines.push('  done');
  lines.push('  # A command or topic still being typed: the words that can come next.');
  lines.push('  case "$cmd" in');
  lines.push(`    "") COMPREPLY=($(compgen -W "${nextWords(commands, '').join(' ')}" -- "$cur")); return ;;`);
  for (const prefix of commandPrefixes(commands)) {
    if (commands.some((command) => command.id === prefix)) continue;
    lines.push(`    ${bashCase(prefix)}) COMPREPLY=($(compgen -W "${nextWords(commands, prefix).join(' ')}" -- "$cur")); return ;;`);
  }
  lines.push('  esac');
  lines.push("  # A flag's value: one of its options, else a file.");
  lines.push('  case "$cmd $prev" in');
  for (const command of commands) {
    for (const flag of command.flags.filter((entry) => entry.takesValue)) {
      const patterns = [`${command.id} --${flag.name}`, ...(flag.char ? [`${command.id} -${flag.char}`] : [])].map((pattern) => `"${pattern}"`).join('|');
      const reply = flag.options && flag.options.length > 0 ? `COMPREPLY=($(compgen -W "${flag.options.join(' ')}" -- "$cur"))` : 'COMPREPLY=($(compgen -f -- "$cur"))';
      lines.push(`    ${patterns}) ${reply}; return ;;`);
    }
  }
  lines.push('  esac');
  lines.push('  # A flag being typed: the command\'s flags.');
  lines.push('  if [[ "$cur" == -* ]]; then');
  lines.push('    case "$cmd" in');
  for (const command of commands) lines.push(`      ${bashCase(command.id)}) COMPREPLY=($(compgen -W "${command.flags.map((flag) => `--${flag.name}`).join(' ')}" -- "$cur")) ;;`);
  lines.push('    esac');
  lines.push('    return');
  lines.push('  fi');
  lines.push('  # An argument: a type name, one of fixed words, or a file.');
  lines.push('  case "$cmd" in');
  for (const command of commands) {
    const arg = command.args[0];
    if (command.id === 'help') lines.push(`    help) COMPREPLY=($(compgen -W "${nextWords(commands, '').join(' ')}" -- "$cur")) ;;`);
    else if (arg?.kind === 'type') lines.push(`    ${bashCase(command.id)}) COMPREPLY=($(compgen -W "${spec.types.join(' ')}" -- "$cur")) ;;`);
    else if (arg?.kind === 'word') lines.push(`    ${bashCase(command.id)}) COMPREPLY=($(compgen -W "${arg.options.join(' ')}" -- "$cur")) ;;`);
    else if (arg?.kind === 'file') lines.push(`    ${bashCase(command.id)}) COMPREPLY=($(compgen -f -- "$cur")) ;;`);
  }
  lines.push('  esac');
  lines.push('}');
  lines.push(`complete -o bashdefault -o default -F ${fn} ${bin}`);
  return `${lines.join('\n')}\n`;
}

/** Text inside fish's single quotes. */
const fishQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A summary's first line, short enough for a completion menu. */
const brief = (text: string | undefined) => {
  const line = (text ?? '').split('\n')[0].replace(/\.$/, '');
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
};

function fishScript(spec: CompletionSpec): string {
  const { commands, bin } = spec;
  const lines = [`# ${bin} completion for fish. Load it: ${bin} completion fish | source`, `complete -c ${bin} -f`];
  const seen = (prefix: string) => prefix.split(' ').map((word) => `__fish_seen_subcommand_from ${word}`).join('; and ');
  for (const word of nextWords(commands, '')) {
    const command = commands.find((entry) => entry.id === word);
    lines.push(`complete -c ${bin} -n __fish_use_subcommand -a ${word} -d ${fishQuote(brief(command?.summary ?? `${word} commands`))}`);
  }
  for (const prefix of commandPrefixes(commands).filter((entry) => !commands.some((command) => command.id === entry))) {
    const next = nextWords(commands, prefix);
    for (const word of next) {
      const command = commands.find((entry) => entry.id === `${prefix} ${word}`);
      lines.push(`complete -c ${bin} -n ${fishQuote(`${seen(prefix)}; and not __fish_seen_subcommand_from ${next.join(' ')}`)} -a ${word} -d ${fishQuote(brief(command?.summary))}`);
    }
  }
  for (const command of commands) {
    const when = fishQuote(seen(command.id));
    for (const flag of command.flags) {
      const short = flag.char ? ` -s ${flag.char}` : '';
      const value = !flag.takesValue ? '' : flag.options && flag.options.length > 0 ? ` -x -a ${fishQuote(flag.options.join(' '))}` : ' -r -F';
      lines.push(`complete -c ${bin} -n ${when} -l ${flag.name}${short}${value} -d ${fishQuote(brief(flag.summary))}`);
    }
    const arg = command.args[0];
    if (command.id === 'help') lines.push(`complete -c ${bin} -n ${when} -a ${fishQuote(nextWords(commands, '').join(' '))}`);
    else if (arg?.kind === 'type') lines.push(`complete -c ${bin} -n ${when} -a ${fishQuote(spec.types.join(' '))}`);
    else if (arg?.kind === 'word') lines.push(`complete -c ${bin} -n ${when} -a ${fishQuote(arg.options.join(' '))}`);
    else if (arg?.kind === 'file') lines.push(`complete -c ${bin} -n ${when} -F`);
  }
  return `${lines.join('\n')}\n`;
}
