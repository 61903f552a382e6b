// Runs s3rver (a local S3-compatible server) for tests, in its own process because it needs
// --openssl-legacy-provider: its list continuation tokens use DES. Prints {"port":N} once listening and exits
// when its stdin closes, so it cannot outlive the test process that started it.
import S3rver from 's3rver';
import { addMultipartCalls } from './s3rver-multipart.mjs';

const [directory, bucket, port = '0'] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
addMultipartCalls(server);
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => server.close(() => process.exit(0)));
