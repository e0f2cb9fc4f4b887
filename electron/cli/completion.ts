// `support-console completion bash|zsh|powershell`: a completion script generated from the commander
// command tree itself, so a new command or option completes without anyone editing a script. Each shell
// gets one table, "command path → words that may follow" (sub-commands and options), and a few lines that
// find the path typed so far. zsh runs the bash function through bashcompinit (shipped with zsh).

import type { Command } from 'commander';
import { CliExit, EXIT } from './exit-codes.js';

export const SHELLS = ['bash', 'zsh', 'powershell'] as const;

/** "devices list" → ["--view", "--where", …]; "" → the top-level commands and options. */
export function completionTable(program: Command): Map<string, string[]> {
  const table = new Map<string, string[]>();
  const walk = (command: Command, path: string[]) => {
    const words = [
      ...command.commands.map((c) => c.name()),
      ...command.options.map((o) => o.long).filter((l): l is string => !!l),
      '--help',
    ];
    table.set(path.join(' '), [...new Set(words)]);
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return table;
}

function bash(name: string, table: Map<string, string[]>): string {
  const fn = `_${name.replace(/\W/g, '_')}_complete`;
  const cases = [...table].map(([path, words]) => `    "${path}") words="${words.join(' ')}" ;;`).join('\n');
  return `# ${name} completion for bash (and zsh): source it, or put it in ~/.bash_completion.d
${fn}() {
  local cmdpath="" word words i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    case "\${cmdpath:+$cmdpath }$word" in
${[...table.keys()]
  .filter(Boolean)
  .map((p) => `      "${p}") cmdpath="${p}" ;;`)
  .join('\n')}
    esac
  done
  case "$cmdpath" in
${cases}
    *) words="" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "\${COMP_WORDS[COMP_CWORD]}"))
}
complete -o default -F ${fn} ${name}
`;
}

function powershell(name: string, table: Map<string, string[]>): string {
  const entries = [...table].map(
    ([path, words]) => `  '${path}' = @(${words.map((w) => `'${w}'`).join(', ')})`,
  );
  return `# ${name} completion for PowerShell: add this to your $PROFILE
$script:SupportConsoleWords = @{
${entries.join('\n')}
}
Register-ArgumentCompleter -Native -CommandName '${name}' -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $path = ''
  foreach ($element in $commandAst.CommandElements | Select-Object -Skip 1) {
    $text = $element.ToString()
    if ($text -eq $wordToComplete -or $text.StartsWith('-')) { continue }
    $next = if ($path) { "$path $text" } else { $text }
    if ($script:SupportConsoleWords.ContainsKey($next)) { $path = $next }
  }
  $script:SupportConsoleWords[$path] | Where-Object { $_ -like "$wordToComplete*" } |
    ForEach-Object { [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_) }
}
`;
}

export function completionScript(shell: string, program: Command): string {
  const name = program.name();
  const table = completionTable(program);
  switch (shell) {
    case 'bash':
      return bash(name, table);
    case 'zsh':
      return `# ${name} completion for zsh: source it from ~/.zshrc\nautoload -U +X bashcompinit && bashcompinit\n${bash(name, table)}`;
    case 'powershell':
      return powershell(name, table);
    default:
      throw new CliExit(EXIT.usage, 'cli.completion.unknownShell', { shells: SHELLS.join(', '), shell });
  }
}
