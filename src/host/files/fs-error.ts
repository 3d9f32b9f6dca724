import { resolve } from 'node:path';
import { getSystemErrorMap } from 'node:util';

// Node's own wording for these is less plain ("illegal operation on a directory") or names the
// code and the call ("ELOOP: …, stat '…'") where kurel has already named the file.
const PLAIN_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EISDIR: 'is a directory',
  ELOOP: 'too many levels of symbolic links',
};

/**
 * Why a file could not be read or written, in words that follow the file's name in a refusal: "no
 * such file or directory", "not a directory", "name too long". Where the system refused another
 * path than `named` (a file standing where a parent folder goes), that path leads the reason. A
 * failure with no system error code keeps its own message.
 */
export function describeFsError(error: unknown, named?: string): string {
  const { code, errno, path, dest } = (error ?? {}) as NodeJS.ErrnoException & { dest?: string };
  const system = typeof errno === 'number' ? getSystemErrorMap().get(errno) : undefined;
  const reason = (code !== undefined ? PLAIN_REASONS[code] : undefined) ?? system?.[1];
  if (reason === undefined) return String((error as Error)?.message ?? error);
  // A rename names two paths; where either is the named file, the reason is about it.
  const aboutNamed = named === undefined || path === undefined || [path, dest].some((involved) => involved !== undefined && resolve(involved) === resolve(named));
  return aboutNamed ? reason : `"${path}": ${reason}`;
}
