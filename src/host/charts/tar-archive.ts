import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';

const BLOCK = 512;

/**
 * Unpacks a gzipped tar archive (a packaged chart) into `into`: regular files and folders, with
 * POSIX (pax) and GNU long names; links and devices are skipped. A path that would leave `into`
 * is refused. Throws on anything that is not such an archive. Node's zlib is loaded here, at the
 * first chart: a build without charts never loads it.
 */
export async function extractTarGz(bytes: Buffer, into: string): Promise<void> {
  const { gunzipSync } = await import('node:zlib');
  const tar = gunzipSync(bytes);
  const root = resolve(into);
  let offset = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) => {
      const raw = header.subarray(start, start + length);
      const end = raw.indexOf(0);
      return raw.subarray(0, end < 0 ? length : end).toString('utf8');
    };
    const size = parseInt(field(124, 12).trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new Error('not a tar archive: a header has no size');
    const type = header[156] === 0 ? '0' : String.fromCharCode(header[156]);
    const body = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x' || type === 'L') {
      longName = type === 'L' ? body.toString('utf8').replace(/\0+$/, '') : (paxPath(body) ?? longName);
      continue;
    }
    if (type === 'g') continue;
    const prefix = field(257, 6).startsWith('ustar') ? field(345, 155) : '';
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = undefined;
    const target = resolve(root, name);
    if (target !== root && !target.startsWith(root + sep)) throw new Error(`the archive holds a path outside its folder: ${name}`);
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0' || type === '7') {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, body);
    }
  }
}

/** The `path` record of a pax extended header (`<length> path=<value>\n`). */
function paxPath(body: Buffer): string | undefined {
  let at = 0;
  let path: string | undefined;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number(body.subarray(at, space).toString('utf8'));
    if (!Number.isSafeInteger(length) || length <= 0) break;
    const record = body.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (record.slice(0, equals) === 'path') path = record.slice(equals + 1);
    at += length;
  }
  return path;
}
