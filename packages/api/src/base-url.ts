// The specification's {base_url} comes before the version path (§4.1, §4.2). One judgement of a base
// URL, worded once, for every place that takes one: the client's `baseUrl` option, the profile's
// `baseUrl` key and the CLI's `--base-url` flag, each naming itself in the message.

const versionPath = /\/merchant_api(\/v\d+)?\/*$/i;

// Hosts a person reaches over plain http while developing: the scheme a fix suggests for them.
const loopbackHost = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?([/?#]|$)/i;

/**
 * What is wrong with `baseUrl` and how to fix it, or undefined when it may be used: a URL without its
 * scheme (`127.0.0.1:8080` → "add the scheme: http://127.0.0.1:8080"), a text that is no URL, a scheme
 * other than http(s), or a path that already holds `/merchant_api/vN` (every request would then double
 * it and answer 404). `name` is how the caller's user wrote it: `baseUrl`, `"baseUrl"`, `--base-url`.
 */
export function baseUrlProblem(baseUrl: string, name: string): string | undefined {
  const given = JSON.stringify(baseUrl);
  if (baseUrl.trim() === '') return `${name} is empty: give the deployment's base URL, e.g. https://api.example.test`;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(baseUrl)) {
    const scheme = loopbackHost.test(baseUrl) ? 'http' : 'https';
    return /\s/.test(baseUrl) || !/^[^/:]+(:\d+)?(\/|$)/.test(baseUrl)
      ? `${name} ${given} is not a URL: write it as https://host[:port][/path]`
      : `${name} ${given} has no scheme: add the scheme: ${scheme}://${baseUrl}`;
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `${name} ${given} is not a URL: write it as https://host[:port][/path]`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${name} ${given} is not an http:// or https:// URL`;
  if (/\s/.test(baseUrl)) return `${name} ${given} holds white space: write the URL without it`;
  if (!versionPath.test(url.pathname)) return undefined;
  const base = `${url.origin}${url.pathname.replace(versionPath, '')}`.replace(/\/+$/, '');
  return `${name} ends in ${url.pathname.match(versionPath)![0].replace(/\/+$/, '')}: it is the specification's {base_url}, which comes before /merchant_api/v1 and /merchant_api/v2. Use "${base}"`;
}

/** Whether a base URL names this machine (localhost, 127.0.0.0/8, ::1): a developer's own deployment. */
export function isLoopbackUrl(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}
