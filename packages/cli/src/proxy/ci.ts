// `mfc proxy --profile p.yaml -- <command>`: the proxy around one command, for CI. The command
// finds the proxy's base URL in MFC_PROXY_URL; the session fails when the command failed or the
// integration broke a rule, and on the deployment's findings only when asked (an integrator cannot fix them).
import { spawn } from 'node:child_process';
import { startProxy, type ProxyOptions, type ProxyOutcome } from './proxy.js';

/** The environment variable that hands the command the proxy's base URL. */
export const PROXY_URL_VARIABLE = 'MFC_PROXY_URL';

/** A proxy session around one command. */
export interface ProxyCommandOptions extends ProxyOptions {
  /** The command and its arguments, run without a shell. */
  command: readonly string[];
  /** Variables the command gets besides the process's own and `MFC_PROXY_URL`. */
  env?: Readonly<Record<string, string>>;
  /** Fail on the deployment's findings too (`--fail-on-deployment`). */
  failOnDeployment?: boolean;
  /** Ends the command (SIGTERM) and the session, e.g. on Ctrl-C. */
  signal?: AbortSignal;
}

/** How the session around a command ended. */
export interface ProxyCommandOutcome {
  outcome: ProxyOutcome;
  /** The command's exit code, or null when a signal ended it or it could not start. */
  commandExit: number | null;
  exitCode: 0 | 1;
}

/** Why the command's end fails the session, or undefined. */
function commandFailure(code: number | null, signal: NodeJS.Signals | null, error: Error | undefined): string | undefined {
  if (error !== undefined) return `the command could not start (${(error as NodeJS.ErrnoException).code ?? error.message})`;
  if (signal !== null) return `the command was ended by ${signal}`;
  return code === 0 ? undefined : `the command exited with ${code}`;
}

/** A session's exit code: 1 when the command failed, the integration broke a rule or, with `failOnDeployment`, the deployment did; else 0. */
export function sessionExitCode(outcome: Pick<ProxyOutcome, 'broken'>, options: { failOnDeployment?: boolean; commandFailed?: boolean } = {}): 0 | 1 {
  const integration = outcome.broken.integration.length > 0;
  const deployment = options.failOnDeployment === true && outcome.broken.deployment.length > 0;
  return options.commandFailed === true || integration || deployment ? 1 : 0;
}

/** Starts the proxy, runs the command with `MFC_PROXY_URL`, stops the proxy when it ends, and decides the exit code. */
export async function proxyCommand(options: ProxyCommandOptions): Promise<ProxyCommandOutcome> {
  const proxy = await startProxy(options);
  const [file, ...args] = options.command;
  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    const child = spawn(file!, args, {
      stdio: 'inherit',
      env: { ...process.env, ...options.env, [PROXY_URL_VARIABLE]: proxy.url },
      ...(options.signal === undefined ? {} : { signal: options.signal, killSignal: 'SIGTERM' as const }),
    });
    child.once('error', (error) => {
      // An abort ends the command through its signal: 'exit' follows with how it ended.
      if ((error as NodeJS.ErrnoException).code !== 'ABORT_ERR') resolve({ code: null, signal: null, error });
    });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const failure = commandFailure(ended.code, ended.signal, ended.error);
  const outcome = await proxy.stop(failure ?? 'the command ended');
  const exitCode = sessionExitCode(outcome, { commandFailed: failure !== undefined, ...(options.failOnDeployment === undefined ? {} : { failOnDeployment: options.failOnDeployment }) });
  if (outcome.broken.integration.length === 0 && options.failOnDeployment !== true && outcome.broken.deployment.length > 0) {
    options.print(`mfc proxy: the deployment's findings do not fail the session (--fail-on-deployment makes them)`);
  }
  return { outcome, commandExit: ended.error === undefined ? ended.code : null, exitCode };
}
