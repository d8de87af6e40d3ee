/**
 * A password for a command, never from its arguments (every local user sees those in `ps`,
 * and the shell keeps them in its history): asked on the terminal without echo, or read as
 * one line from standard input when that is a pipe or a file.
 */

/** Why no password came: said to the operator in one line. */
export class PasswordInputError extends Error {}

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

/** Reads what is typed up to Enter, showing nothing of it; Ctrl-C gives up. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = (then: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      then();
    };
    const onData = (chunk: string) => {
      // Code points, so that a backspace takes back a whole character (Ge'ez included).
      for (const char of chunk) {
        if (ENTER.has(char) || char === CTRL_D) return finish(() => resolve(typed.join('')));
        if (char === CTRL_C) return finish(() => reject(new PasswordInputError('cancelled: nothing was changed')));
        typed = BACKSPACE.has(char) ? typed.slice(0, -1) : [...typed, char];
      }
    };
    input.on('data', onData);
  });
}

/** The first line of standard input, without its line ending; undefined when it is empty. */
async function firstLine(): Promise<string | undefined> {
  process.stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of process.stdin as AsyncIterable<string>) {
    text += chunk;
    const end = text.indexOf('\n');
    // Leaving the loop closes standard input: a pipe that stays open does not hold the command.
    if (end >= 0) return text.slice(0, end).replace(/\r$/, '');
  }
  return text ? text.replace(/\r$/, '') : undefined;
}

/**
 * The password `who` is given: typed twice on a terminal (it is not shown, so a typo would
 * go unseen), or the first line of standard input (`printf '%s\n' "$PASSWORD" | …`).
 * Only the line ending is taken off: spaces belong to a passphrase.
 */
export async function readPassword(who: string, pipedExample: string): Promise<string> {
  if (process.stdin.isTTY) {
    const password = await askHidden(`Password for ${who}: `);
    if ((await askHidden('The same password again: ')) !== password) throw new PasswordInputError('the two passwords differ: nothing was changed');
    return password;
  }
  const line = await firstLine();
  if (!line) throw new PasswordInputError(`no password on standard input: give it as its first line, e.g. ${pipedExample}`);
  return line;
}
