import { describe, expect, it } from 'vitest';
import { askMissing, PromptError, type Asker } from '../../packages/cli/src/setup/index.js';

/** An asker that answers from a script and keeps the questions. */
function scripted(answers: string[]): Asker & { questions: string[] } {
  const questions: string[] = [];
  return {
    questions,
    ask: async (question) => {
      questions.push(question);
      return answers.shift() ?? '';
    },
    close: () => undefined,
  };
}

const checks = {
  baseUrl: (url: string) => (/^https?:\/\/\S+$/.test(url) ? undefined : 'expected http:// or https://'),
  envName: (name: string) => (/^[A-Z_][A-Z0-9_]*$/.test(name) ? undefined : 'expected the NAME of an environment variable'),
};

describe('mfc init on a terminal asks only for what the flags did not give', () => {
  const table: Array<[string, { given: Parameters<typeof askMissing>[0]; answers: string[]; want: Awaited<ReturnType<typeof askMissing>>; asked: number }]> = [
    ['nothing given: every question, defaults on Enter', {
      given: {},
      answers: ['https://staging.example.test', '', '', 'OTHER_CHANNEL', '', '', '', '', ''],
      want: { baseUrl: 'https://staging.example.test', environment: 'staging', tokenEnv: 'MFC_TOKEN', others: { sameMerchantOtherChannel: 'OTHER_CHANNEL' }, allowWrites: false },
      asked: 9,
    }],
    ['base URL, environment and token given: the optional tokens, the signing token and writes', {
      given: { baseUrl: 'http://127.0.0.1:4010', environment: 'local', tokenEnv: 'MFC_TOKEN' },
      answers: ['', 'OTHER_MERCHANT', 'EXPIRED', 'INACTIVE', 'OLDEST_TOKEN', 'y'],
      want: { baseUrl: 'http://127.0.0.1:4010', environment: 'local', tokenEnv: 'MFC_TOKEN', others: { otherMerchant: 'OTHER_MERCHANT', expired: 'EXPIRED', inactiveChannel: 'INACTIVE' }, signingEnv: 'OLDEST_TOKEN', allowWrites: true },
      asked: 6,
    }],
    ['the signing token given by flag: not asked', {
      given: { baseUrl: 'http://127.0.0.1:4010', environment: 'local', tokenEnv: 'MFC_TOKEN', signingEnv: 'OLDEST_TOKEN' },
      answers: ['', '', '', '', 'n'],
      want: { baseUrl: 'http://127.0.0.1:4010', environment: 'local', tokenEnv: 'MFC_TOKEN', others: {}, signingEnv: 'OLDEST_TOKEN', allowWrites: false },
      asked: 5,
    }],
    ['a wrong answer is asked again with the reason', {
      given: { environment: 'production', tokenEnv: 'T', others: {}, allowWrites: false },
      answers: ['staging.example.test', 'https://api.example.test'],
      want: { baseUrl: 'https://api.example.test', environment: 'production', tokenEnv: 'T', others: {}, allowWrites: false },
      asked: 2,
    }],
  ];
  it.each(table)('%s', async (_name, { given, answers, want, asked }) => {
    const asker = scripted([...answers]);
    expect(await askMissing(given, asker, checks)).toEqual(want);
    expect(asker.questions).toHaveLength(asked);
    // Tokens are asked for by the variable's name, never by value.
    expect(asker.questions.join('\n')).not.toMatch(/paste|enter the token/i);
  });

  it('asks for the variable NAME, says which token signs webhooks, and explains a production answer', async () => {
    const asker = scripted(['https://api.example.test', 'production', 'PROD_TOKEN', '', '', '', '', '', 'n']);
    await askMissing({}, asker, checks);
    expect(asker.questions[2]).toMatch(/Name of the environment variable holding the token \(not the token itself\)/);
    expect(asker.questions[7]).toMatch(/webhook SIGNING token: the sales channel's OLDEST valid token, which signs webhooks \(§6\.3\)/);
    expect(asker.questions[8]).toMatch(/PRODUCTION: runs would also need --allow-production-writes/);
    expect(asker.questions[1]).toMatch(/^Environment/);
  });

  it('gives up after three wrong answers with a usage problem', async () => {
    const asker = scripted(['x', 'y', 'z']);
    await expect(askMissing({}, asker, checks)).rejects.toThrow(PromptError);
    expect(asker.questions[1]).toMatch(/^\(expected http:\/\/ or https:\/\/\) Base URL/);
  });
});
