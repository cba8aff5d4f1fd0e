// The project's one glob dialect, picomatch, read two ways: over names (check ids, JSON pointers,
// path templates) and over file paths.
import picomatch from 'picomatch';

/** Whether a string matches a glob. */
export type Matcher = (subject: string) => boolean;

// A name is not a path: `*` is any run of characters, dots and slashes included (bash's reading),
// `?` one character; brackets, braces, extglobs and a leading `!` are plain characters, as ids,
// pointers and templates (`/orders/{id}`) hold them literally.
const NAME_OPTIONS: picomatch.PicomatchOptions = { bash: true, dot: true, literalBrackets: true, nobrace: true, noextglob: true, nonegate: true };

// A path: `*` and `?` stay within one folder, `**/` spans any number of them; hidden files count.
const PATH_OPTIONS: picomatch.PicomatchOptions = { dot: true };

/** A glob over a name (`v1.orders.*`, `*-409`, `/pagination*`): `*` any run of characters, `?` one. */
export function nameGlob(glob: string): Matcher {
  return picomatch(glob, NAME_OPTIONS);
}

/** A glob over a relative file path with forward slashes (`suites/**\/*.check.ts`). */
export function pathGlob(glob: string): Matcher {
  return picomatch(glob, PATH_OPTIONS);
}

/** The folder a path glob can match under: the part before its first wildcard, or the file's own folder. */
export function globBase(glob: string): string {
  const { base, isGlob } = picomatch.scan(glob);
  if (isGlob) return base;
  const slash = glob.lastIndexOf('/');
  return slash === -1 ? '' : glob.slice(0, slash);
}
