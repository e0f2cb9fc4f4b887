// The words commander itself writes, in the run's language: the help's headings ("Usage:", "Options:"…),
// the help option and help command, "(default: …)", and its usage errors ("unknown option '--x'"). The
// descriptions of commands and options are the command table's (program.ts), from the same catalogues.
// Names stay as typed (commands, options, placeholders such as <id>), as gh and kubectl keep theirs.
//
// Set on the program before any command is added: commander copies these settings to each subcommand
// when it is created.

import type { Command, Help, Option } from 'commander';
import type { CliIo } from './cli-io.js';
import type { CliKey, CliText } from './cli-text.js';

const TITLES: Record<string, CliKey> = {
  'Usage:': 'cli.help.usage',
  'Options:': 'cli.help.options',
  'Commands:': 'cli.help.commands',
  'Arguments:': 'cli.help.arguments',
};

/** A default as typed ("15", "table"), without the quotes commander puts around a string. */
function defaultShown(option: Option): string | null {
  if (option.defaultValue === undefined || !(option.required || option.optional)) return null;
  return option.defaultValueDescription ?? String(option.defaultValue);
}

/**
 * Commander's usage error (its English sentence, "error: unknown option '--x'" and the like) as the
 * catalogue's sentence; one this table does not know is passed on as commander wrote it.
 */
export function usageErrorSentence(english: string, text: CliText): string {
  const [first = '', ...rest] = english.trimEnd().split('\n');
  const suggestion = /^\(Did you mean (.+)\?\)$/.exec(rest.join(' ').trim())?.[1];
  const hint = suggestion ? ` ${text.say('cli.usage.didYouMean', { suggestion })}` : '';
  let m: RegExpExecArray | null;
  if ((m = /^error: unknown option '(.*)'$/.exec(first)))
    return text.say('cli.usage.unknownOption', { option: m[1]! }) + hint;
  if ((m = /^error: unknown command '(.*)'$/.exec(first)))
    return text.say('cli.usage.unknownCommand', { command: m[1]! }) + hint;
  if ((m = /^error: missing required argument '(.*)'$/.exec(first)))
    return text.say('cli.usage.missingArgument', { argument: m[1]! });
  if ((m = /^error: option '(.*)' argument missing$/.exec(first)))
    return text.say('cli.usage.optionNeedsValue', { option: m[1]! });
  if ((m = /^error: required option '(.*)' not specified$/.exec(first)))
    return text.say('cli.usage.optionRequired', { option: m[1]! });
  if (
    (m = /^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\.$/.exec(
      first,
    ))
  )
    return text.say('cli.usage.tooManyArguments', { expected: Number(m[2]), given: Number(m[3]) });
  return english.trimEnd().replace(/^error: /, '');
}

export function localizeHelp(program: Command, text: CliText, io: CliIo): void {
  program
    .helpOption('-h, --help', text.say('cli.help.helpOption'))
    .helpCommand('help [command]', text.say('cli.help.helpCommand'))
    .showHelpAfterError(text.say('cli.help.afterError'))
    .exitOverride()
    .configureOutput({
      writeOut: (out) => io.out.write(out),
      writeErr: (err) => io.err.write(err),
      // One sentence in the run's language, begun like every other failure of the command line.
      outputError: (message, write) => write(`support-console: ${usageErrorSentence(message, text)}\n`),
    })
    .configureHelp({
      styleTitle: (title: string) => (TITLES[title] ? text.say(TITLES[title]) : title),
      optionDescription(this: Help, option: Option) {
        const value = defaultShown(option);
        const said = value === null ? '' : `(${text.say('cli.help.default', { value })})`;
        return [option.description, said].filter(Boolean).join(' ');
      },
    });
}
