import * as crypto from 'node:crypto';

/**
 * The hex SHA-256 of `content`. Node's one-shot `crypto.hash` (Node 20.12 and later) takes half the
 * time of a Hash object for the thousands of small files a tree holds; an older Node 20 has only
 * the object. Looked up at the call, not at load: a run that hashes nothing never loads `crypto`.
 */
export function sha256Hex(content: string | Buffer): string {
  return typeof crypto.hash === 'function' ? crypto.hash('sha256', content, 'hex') : crypto.createHash('sha256').update(content).digest('hex');
}
