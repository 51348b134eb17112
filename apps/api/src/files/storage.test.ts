import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/temp-dir.ts';
import { loadConfig } from '../config.ts';
import { LocalStorage, S3Storage, storageFor } from './storage.ts';

describe('file storage', () => {
  it('uses DATA_DIR/uploads by default and an S3 bucket when every S3_* variable is set', () => {
    const local = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' });
    expect(storageFor(local)).toBeInstanceOf(LocalStorage);
    const s3 = loadConfig({
      NODE_ENV: 'test',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'skolar',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'secret',
    });
    expect(storageFor(s3)).toBeInstanceOf(S3Storage);
    expect(storageFor(s3)).toBe(storageFor(s3));
  });

  it('stores, reads and deletes bytes, and refuses keys that leave the folder', async () => {
    const storage = new LocalStorage(tempDir('storage'));
    await storage.put('user-picture/2026/a.png', Buffer.from('abc'), 'image/png');
    expect((await storage.get('user-picture/2026/a.png'))?.toString()).toBe('abc');
    await expect(
      storage.put('user-picture/2026/a.png', Buffer.from('x'), 'image/png'),
    ).rejects.toThrow();
    await storage.delete('user-picture/2026/a.png');
    expect(await storage.get('user-picture/2026/a.png')).toBeNull();
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/unsafe/);
    await expect(storage.put('/abs.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
  });
});
