import { createInterface } from 'node:readline/promises';
import { MfcError } from '@mfc-conformance/api/errors';
import type { Environment } from '../profile/index.js';
import type { OtherToken } from './tokens.js';

/** What `mfc init` needs from the user; tokens by the name of the environment variable that holds them, never by value. */
export interface InitAnswers {
  baseUrl: string;
  environment: Environment;
  tokenEnv: string;
  others: Partial<Record<OtherToken['key'], string>>;
  /** The variable holding the webhook signing token (§6.3 point 1: the channel's oldest valid token); absent when not given. */
  signingEnv?: string;
  allowWrites: boolean;
}

/** Asks one question and resolves to the answer as typed. */
export interface Asker {
  ask(question: string): Promise<string>;
  close(): void;
}

/**
 * An `Asker` on a terminal (node:readline/promises). Lines typed or pasted ahead of their question
 * are kept for it rather than dropped; end of input answers every later question with its default;
 * Ctrl-C quits with 130.
 */
export function terminalAsker(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Asker {
  const rl = createInterface({ input, output });
  const typedAhead: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  let ended = false;
  rl.on('line', (line) => {
    const answer = waiting.shift();
    if (answer) answer(line);
    else typedAhead.push(line);
  });
  rl.on('close', () => {
    ended = true;
    for (const answer of waiting.splice(0)) answer('');
  });
  rl.on('SIGINT', () => {
    output.write('\n');
    process.exit(130);
  });
  return {
    ask: (question) => {
      rl.setPrompt(question);
      rl.prompt();
      const line = typedAhead.shift();
      if (line !== undefined || ended) {
        output.write(`${line ?? ''}\n`);
        return Promise.resolve(line ?? '');
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => rl.close(),
  };
}

/** Three wrong answers to one question: the invocation cannot go on (exit 2). */
export class PromptError extends MfcError {
  readonly code = 'MFC_PROMPT';
  readonly exitCode = 2;
  override name = 'PromptError';
}

/** The answer is wrong: what was expected, for the question to be asked again. */
type Check = (answer: string) => string | undefined;

/** Asks until `check` accepts the answer, three times at most; the last refusal is thrown as the usage problem. */
async function askValid(asker: Asker, question: string, check: Check): Promise<string> {
  let problem = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = (await asker.ask(problem === '' ? question : `(${problem}) ${question}`)).trim();
    const wrong = check(answer);
    if (wrong === undefined) return answer;
    problem = wrong;
  }
  throw new PromptError(problem);
}

const otherQuestions: Array<[OtherToken['key'], string]> = [
  ['sameMerchantOtherChannel', 'a token of ANOTHER sales channel of the same merchant'],
  ['otherMerchant', 'a token of a DIFFERENT merchant'],
  ['expired', 'an EXPIRED token'],
  ['inactiveChannel', 'a token of an INACTIVE sales channel'],
];

const signingQuestion = "Variable holding the webhook SIGNING token: the sales channel's OLDEST valid token, which signs webhooks (§6.3) "
  + "(Enter when the primary token is the channel's only token): ";

/** Checks that an answer names an environment variable that holds a value; never reads the value out. */
export type EnvNameCheck = (name: string) => string | undefined;

/**
 * Asks for what the flags did not give, on a terminal. Tokens are asked for by the NAME of the
 * environment variable holding them, so no token is typed or echoed here.
 */
export async function askMissing(given: Partial<InitAnswers>, asker: Asker, checks: { baseUrl: Check; envName: EnvNameCheck }): Promise<InitAnswers> {
  const baseUrl = given.baseUrl ?? (await askValid(asker, 'Base URL of the API (the part before /merchant_api/v1): ', checks.baseUrl));
  const environment = given.environment ?? ((await askValid(asker, 'Environment (local, staging, production) [staging]: ', (answer) => (
    answer === '' || answer === 'local' || answer === 'staging' || answer === 'production' ? undefined : 'expected local, staging or production'
  ))) || 'staging') as Environment;
  const tokenEnv = given.tokenEnv ?? ((await askValid(asker, 'Name of the environment variable holding the token (not the token itself) [MFC_TOKEN]: ', (answer) => checks.envName(answer || 'MFC_TOKEN'))) || 'MFC_TOKEN');
  const others: InitAnswers['others'] = { ...given.others };
  let signingEnv = given.signingEnv;
  if (given.others === undefined) {
    for (const [key, what] of otherQuestions) {
      const name = await askValid(asker, `Variable holding ${what} (Enter to skip): `, (answer) => (answer === '' ? undefined : checks.envName(answer)));
      if (name !== '') others[key] = name;
    }
    // §6.3 point 1: webhooks are keyed with the channel's OLDEST valid token, which the primary is not when the channel has several.
    signingEnv ??= (await askValid(asker, signingQuestion, (answer) => (answer === '' ? undefined : checks.envName(answer)))) || undefined;
  }
  let allowWrites = given.allowWrites;
  if (allowWrites === undefined) {
    const warning = environment === 'production' ? ' This is PRODUCTION: runs would also need --allow-production-writes.' : '';
    const answer = await askValid(asker, `Let write checks create and cancel records on this target?${warning} [y/N]: `, (text) => (/^(y|yes|n|no|)$/i.test(text) ? undefined : 'expected y or n'));
    allowWrites = /^y/i.test(answer);
  }
  return { baseUrl, environment, tokenEnv, others, ...(signingEnv === undefined ? {} : { signingEnv }), allowWrites };
}
