/** The literal segments a template path shares with a concrete one, or -1 when they do not match. */
export function matchTemplate(template: string, path: string): number {
  const wanted = template.split('/');
  const given = path.split('/');
  if (wanted.length !== given.length) return -1;
  let literals = 0;
  for (const [index, segment] of wanted.entries()) {
    const actual = given[index] ?? '';
    if (/^\{[^}]+\}$/.test(segment)) {
      if (actual === '') return -1;
    } else if (segment === actual) {
      literals += 1;
    } else {
      return -1;
    }
  }
  return literals;
}

/** A request path reduced to what templates describe: no query, no fragment, no version base, no trailing slash. */
export function normalisePath(path: string, versionBase: string): string {
  let bare = path.replace(/[?#].*$/, '');
  if (/^https?:\/\//.test(bare)) bare = new URL(bare).pathname;
  if (bare.startsWith(versionBase)) bare = bare.slice(versionBase.length);
  if (bare.length > 1 && bare.endsWith('/')) bare = bare.slice(0, -1);
  return bare.startsWith('/') ? bare : `/${bare}`;
}

/**
 * Fills the `{name}` segments of a path template with `values`, percent-encoded. A value is sent as
 * its text whatever it is (an id an answer left out reads `undefined`): the request still goes out,
 * and the answer to it is what the asking check judges.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, unknown>> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(values?.[name])));
}
