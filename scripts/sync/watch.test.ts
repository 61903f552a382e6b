import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/database';
import { writeTestJpeg } from '../../server/media/test-images';
import { eventFolder } from '../../server/services/events/events';
import { makeTempDir, type TestApp } from '../../server/test/harness';
import { type CuttableProxy, startCuttableProxy } from '../../server/test/support/cuttable-proxy';
import { readSyncState, startSync, startSyncTarget } from '../../server/test/support/sync-cli';

describe('npm run sync -- --watch', () => {
  let t: TestApp;
  let key: string;
  let event: { id: string; slug: string };
  let observer: Database;
  let proxy: CuttableProxy;
  const temp = makeTempDir('sync-watch-');

  const namesInEvent = async () =>
    (await observer.db.selectFrom('media').select('name').where('folder', '=', eventFolder(event.id)).execute())
      .map((row) => row.name)
      .sort();

  beforeAll(async () => {
    let url: string;
    ({ t, url, key, event } = await startSyncTarget());
    observer = await openDatabase(t.config.database);
    const address = new URL(url);
    proxy = await startCuttableProxy({ host: address.hostname, port: Number(address.port) });
  });

  afterAll(async () => {
    await proxy?.close();
    await observer?.close();
    await t?.close();
    temp.remove();
  });

  it('sends a file once it stops growing, waits out a dropped network, and resumes its queue after a restart', async () => {
    const folder = path.join(temp.dir, 'tethered');
    fs.mkdirSync(folder);
    const env = { GALLERY_URL: proxy.through(t.config.publicUrl), GALLERY_API_KEY: key };
    const photo = (name: string, width: number) => writeTestJpeg(path.join(temp.dir, name), width, 300);

    const watching = startSync([folder, '--event', event.slug, '--watch'], env);
    await watching.waitFor('Watching');

    // A camera writing a frame in two pieces, a second apart: one upload, after the last piece.
    const first = fs.readFileSync(await photo('first.jpg', 500));
    const half = Math.floor(first.length / 2);
    fs.writeFileSync(path.join(folder, 'first.jpg'), first.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fs.appendFileSync(path.join(folder, 'first.jpg'), first.subarray(half));
    await watching.waitFor('uploaded first.jpg');
    expect(await namesInEvent()).toEqual(['first.jpg']);

    // The network drops: the file waits in the queue, the command keeps running, and sends it when it is back.
    await proxy.cut();
    fs.copyFileSync(await photo('second.jpg', 501), path.join(folder, 'second.jpg'));
    await watching.waitFor('Cannot send now');
    await proxy.restore();
    await watching.waitFor('uploaded second.jpg');

    // Dropped again, then stopped with Ctrl-C: the queue is on disk, and the next watch sends it.
    await proxy.cut();
    fs.copyFileSync(await photo('third.jpg', 502), path.join(folder, 'third.jpg'));
    await watching.waitFor(/uploaded second\.jpg[\s\S]*Cannot send now/);
    expect(Object.values(readSyncState(folder).targets)[0]?.queue).toEqual(['third.jpg']);
    watching.child.kill('SIGINT');
    expect(await watching.exited).toBe(0);
    expect(watching.output()).toContain('2 uploaded, 0 skipped, 0 failed');
    expect(watching.output()).toContain('1 still waiting');

    await proxy.restore();
    const restarted = startSync([folder, '--event', event.slug, '--watch'], env);
    await restarted.waitFor('uploaded third.jpg');
    restarted.child.kill('SIGINT');
    expect(await restarted.exited).toBe(0);
    expect(restarted.output()).toContain('1 uploaded, 0 skipped, 0 failed');
    expect(await namesInEvent()).toEqual(['first.jpg', 'second.jpg', 'third.jpg']);
    expect(Object.values(readSyncState(folder).targets)[0]?.queue).toEqual([]);
  });
});
