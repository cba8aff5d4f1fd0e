import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { resolveConnection } from './connection.js';
import { ProfileError } from './errors.js';
import { isProfileFile, profileProblems } from './validate.js';
import type { ProfileConnection, TargetProfile, TargetProfileFile, TokenSource } from './types.js';

function resolveToken(source: TokenSource, key: string, env: NodeJS.ProcessEnv): string {
  if (typeof source === 'string') return source;
  const value = env[source.env];
  // The message names the variable and the key, never a value.
  if (value === undefined || value === '') {
    throw new ProfileError(`"${key}" reads the environment variable ${source.env}, which is not set`);
  }
  return value;
}

function resolveTokens(file: TargetProfileFile, env: NodeJS.ProcessEnv, path: string, folder: string): TargetProfile {
  const tokens: Record<string, string> = {};
  const tokenSources: Record<string, string> = {};
  for (const [name, source] of Object.entries(file.tokens)) {
    if (source === undefined) continue;
    tokens[name] = resolveToken(source, `tokens.${name}`, env);
    tokenSources[name] = typeof source === 'string' ? `<tokens.${name} of ${path}>` : `$${source.env}`;
  }
  const { connection, ...rest } = file;
  const profile: TargetProfile = { ...rest, tokens: tokens as unknown as TargetProfile['tokens'], tokenSources } as TargetProfile;
  if (connection !== undefined) profile.connection = resolveConnection(connection, env, folder);
  if (file.webhooks) {
    const { signingToken, ...rest } = file.webhooks;
    profile.webhooks = signingToken === undefined
      ? rest
      : { ...rest, signingToken: resolveToken(signingToken, 'webhooks.signingToken', env) };
  }
  return profile;
}

/**
 * Validates a parsed profile, resolves its `{"env": VAR}` secrets and reads the files its connection
 * block names (relative to `folder`, the profile's; default the working directory); throws
 * `ProfileError` naming the key.
 */
export function profileFromValue(value: unknown, env: NodeJS.ProcessEnv = process.env, path = 'the profile', folder = process.cwd()): TargetProfile {
  const problems = profileProblems(value);
  if (problems.length > 0 || !isProfileFile(value)) {
    throw new ProfileError(`invalid profile:\n  ${problems.join('\n  ')}`);
  }
  return resolveTokens(value, env, path, folder);
}

/** Reads a profile file (JSON, or YAML by extension or content), validates it and resolves its tokens. */
export function loadProfile(path: string, env: NodeJS.ProcessEnv = process.env): TargetProfile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ProfileError(`cannot read profile ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  return profileFromValue(parseProfileText(text, path), env, path, dirname(resolve(path)));
}

/**
 * Parses a profile's text: JSON for `.json`, YAML for `.yaml`/`.yml`, and for any other name
 * YAML, which reads JSON as well.
 */
function parseProfileText(text: string, path: string): unknown {
  const format = /\.json$/i.test(path) ? 'JSON' : /\.ya?ml$/i.test(path) ? 'YAML' : 'JSON or YAML';
  try {
    return format === 'JSON' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    // The parse message may quote a line of the file, which can hold a token: keep only its position.
    const where = /line \d+|position \d+/i.exec((error as Error).message)?.[0];
    throw new ProfileError(`profile ${path} is not valid ${format}${where ? ` (${where})` : ''}`);
  }
}

/** The profile `--base-url URL --token T` stand for (docs/CLI.md): read-only, primary token only; `connection` from the connection flags, when given. */
export function profileFromFlags(baseUrl: string, token: string, connection?: ProfileConnection): TargetProfile {
  const problems = profileProblems({
    baseUrl,
    environment: 'staging',
    tokens: { primary: token },
    fixtures: { salesChannelId: 0 },
  }).map((line) => line.replace('"baseUrl"', '--base-url').replace('"tokens.primary"', '--token'));
  if (problems.length > 0) throw new ProfileError(problems.join('; '));
  // Such a profile names no fixture: the sales channel id is unknown, so it is left out and every
  // check that `needs` it is skipped rather than run against a made-up id.
  const fixtures = {} as TargetProfile['fixtures'];
  // The replay line mfc run prints reads the token from $MFC_TOKEN (--token "$MFC_TOKEN").
  return { baseUrl, environment: 'staging', allowWrites: false, tokens: { primary: token }, fixtures, tokenSources: { primary: '$MFC_TOKEN' }, ...(connection === undefined ? {} : { connection }) };
}
