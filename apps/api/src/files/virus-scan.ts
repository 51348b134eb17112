import { connect } from 'node:net';
import type { Config } from '../config.ts';

/** Where clamd listens: a Unix socket, or a host and port (decision 143). */
export type ClamdAddress = { path: string } | { host: string; port: number };

/** What clamd said of the bytes: clean, or the name of what it found. */
export type ScanVerdict = { infected: false } | { infected: true; signature: string };

/** clamd could not give a verdict (down, unreachable, too slow, or it answered an error). */
export class ScanUnavailable extends Error {}

/** The clamd address of the configuration, or null when no scanner is configured. */
export function clamdAddress(config: Config): ClamdAddress | null {
  if (config.CLAMD_SOCKET) return { path: config.CLAMD_SOCKET };
  if (config.CLAMD_HOST) return { host: config.CLAMD_HOST, port: config.CLAMD_PORT };
  return null;
}

/** clamd's default StreamMaxLength is 25 MB; chunks are far smaller than that. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Sends the bytes to clamd with its INSTREAM command (`zINSTREAM\0`, then chunks each prefixed by
 * its length as 4 bytes big-endian, then a zero length) and reads its one-line answer:
 * `stream: OK` or `stream: <signature> FOUND`. Anything else, a refused connection, a closed
 * socket or no answer within `timeoutMs` throws ScanUnavailable: the caller fails closed.
 */
export function scanBytes(
  address: ClamdAddress,
  bytes: Buffer,
  timeoutMs: number,
): Promise<ScanVerdict> {
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    const received: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null, verdict?: ScanVerdict) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error)
        reject(error instanceof ScanUnavailable ? error : new ScanUnavailable(error.message));
      else resolve(verdict!);
    };
    const answer = () => {
      const text = Buffer.concat(received).toString('utf8').replace(/\0/g, '').trim();
      if (text === 'stream: OK') return finish(null, { infected: false });
      const found = /^stream: (.+) FOUND$/.exec(text);
      if (found) return finish(null, { infected: true, signature: found[1]! });
      finish(new ScanUnavailable(`clamd answered: ${text || '(nothing)'}`));
    };
    socket.setTimeout(timeoutMs, () => finish(new ScanUnavailable('clamd did not answer in time')));
    socket.on('error', (error) => finish(error));
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (chunk.includes(0)) answer();
    });
    socket.on('end', answer);
    socket.on('close', () => finish(new ScanUnavailable('clamd closed the connection')));
    socket.on('connect', () => {
      socket.write('zINSTREAM\0');
      for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
        const chunk = bytes.subarray(start, start + CHUNK_BYTES);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(chunk.length);
        socket.write(length);
        socket.write(chunk);
      }
      socket.write(Buffer.alloc(4));
    });
  });
}

/**
 * Said once at start: a production server without clamd stores uploads unscanned, which the
 * operator should know (docs/deploy.md, "Virus scan of uploads").
 */
export function warnWithoutVirusScan(config: Config, log: { warn(message: string): void }): void {
  if (config.NODE_ENV === 'production' && !clamdAddress(config)) {
    log.warn(
      'uploads are not scanned for viruses: set CLAMD_SOCKET or CLAMD_HOST to a clamd (docs/deploy.md)',
    );
  }
}
