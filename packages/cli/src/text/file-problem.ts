// Why a file could not be read or written, in words instead of an errno code (`ENOENT`), the same
// for every file a command names: a profile, a report, a body, a waiver file, a certificate.

/** What went wrong with a file, from the error Node raised: `no such file`, `permission denied`, … (the code itself for anything rarer). */
export function fileProblem(error: unknown, action: 'read' | 'write' = 'read'): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT': return action === 'read' ? 'no such file' : 'its folder does not exist';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'it is a folder, not a file';
    case 'ENOTDIR': return 'a part of its path is not a folder';
    case 'EEXIST': return 'it exists already';
    case 'EROFS': return 'the file system is read-only';
    case 'ENOSPC': return 'no space left on the device';
    default: return code ?? (action === 'read' ? 'unreadable' : 'unwritable');
  }
}
