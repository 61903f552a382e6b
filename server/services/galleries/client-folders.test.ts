import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderNameForEmail } from '../../../shared/folders';
import type { Database } from '../../db/database';
import { type ClientRepository, createClientRepository } from '../../repositories/client-repository';
import { createMediaRepository } from '../../repositories/media-repository';
import { TEST_DATABASES } from '../../test/harness';
import { makeMedia } from '../../test/support/media-factory';
import { openTestDatabase } from '../../test/support/test-database';
import { insertClientWithFreeFolder } from './client-folders';

/**
 * Addresses that the seed's folder rule (`. # $ [ ]` become `_`, letters lower-cased) maps onto one name, or onto a
 * name that differs only by a compatibility form. The sign-up validator already refuses most of them; this table
 * checks the rule underneath, which must hold even for addresses a future validator lets through.
 */
const COLLIDING = [
  'alice.smith@example.com',
  'alice_smith@example.com',
  'ALICE.SMITH@EXAMPLE.COM',
  'alice.smith@example_com',
  'alice#smith@example.com',
  'alice$smith@example$com',
  'alice[smith@example.com',
  'alice_smith@example#com',
];
const NEAR = [
  'alice.smith+gallery@example.com',
  'alice.smith.@example.com',
  '"alice.smith"@example.com',
  'ａlice.smith@example.com',
  'alice.smith@exampﬂe.com',
  'аlice.smith@example.com',
];

describe.each(TEST_DATABASES)('client folders on %s', (kind) => {
  let database: Database;
  let clients: ClientRepository;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    database = opened.database;
    cleanup = opened.close;
    clients = createClientRepository(database.db);
  });
  afterAll(async () => cleanup?.());

  it('gives every colliding address its own folder, the first one the seed’s name', async () => {
    const folders: string[] = [];
    for (const [index, email] of COLLIDING.entries()) {
      const client = await insertClientWithFreeFolder(clients, {
        email,
        fullName: '',
        phone: null,
        accountId: `account-${index}`,
      });
      folders.push(client.folder);
    }
    expect(folders[0]).toBe('alice_smith@example_com');
    for (const email of COLLIDING) expect(folderNameForEmail(email)).toBe(folders[0]);
    expect(new Set(folders).size).toBe(COLLIDING.length);
    for (const folder of folders.slice(1)) expect(folder).not.toBe(folders[0]);
  });

  it('never hands out a folder that still holds media nobody owns', async () => {
    const media = createMediaRepository(database.db);
    const orphan = folderNameForEmail('dana.cohen@example.com');
    await makeMedia(media, { id: 'orphanorphanorphan0001', folder: orphan, name: 'left.jpg', status: 'processing' });
    const client = await insertClientWithFreeFolder(clients, {
      email: 'dana.cohen@example.com',
      fullName: '',
      phone: null,
      accountId: null,
    });
    expect(client.folder).toBe(`${orphan}-2`);
  });

  it('keeps near look-alikes apart from the name they resemble', async () => {
    for (const email of NEAR) {
      const client = await insertClientWithFreeFolder(clients, { email, fullName: '', phone: null, accountId: null });
      expect(client.folder).not.toBe('alice_smith@example_com');
    }
  });

  it('refuses, in the database itself, a second client on one folder or on one account', async () => {
    const first = await clients.insert({
      email: 'erez@example.com',
      fullName: '',
      phone: null,
      folder: 'erez@example_com',
      accountId: 'account-erez',
    });
    await expect(
      clients.insert({ email: 'erez2@example.com', fullName: '', phone: null, folder: first.folder, accountId: null }),
    ).rejects.toThrow();
    await expect(
      clients.insert({
        email: 'erez3@example.com',
        fullName: '',
        phone: null,
        folder: 'erez3@example_com',
        accountId: 'account-erez',
      }),
    ).rejects.toThrow();
  });
});
