import * as crypto from 'node:crypto';

/**
 * The hex SHA-256 of `content`. Node's one-shot `crypto.hash` (Node 20.12 and later) takes half the
 * time of a Hash object for the thousands of small files a tree holds; an older Node 20 has only
 * the object.
 */
export const sha256Hex: (content: string | Buffer) => string =
  typeof crypto.hash === 'function' ? (content) => crypto.hash('sha256', content, 'hex') : (content) => crypto.createHash('sha256').update(content).digest('hex');
