// An S3-protocol server on loopback for the tests (s3rver), storing under the directory given,
// on the port given or a free one. Prints `port N` once it listens; stops on SIGTERM. s3rver encrypts ListObjectsV2
// continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider: start this with
// `node --openssl-legacy-provider` (server/test/helpers/s3-server.ts does).
import S3rver from 's3rver';

const directory = process.argv[2];
if (!directory) {
  console.error(
    'usage: node --openssl-legacy-provider scripts/s3-test-server.mjs <directory> [port]',
  );
  process.exit(2);
}
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.argv[3] ?? 0),
  directory,
  silent: true,
});
const { port } = await server.run();
console.log(`port ${port}`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The test runner that started this may die without a signal: stop with it.
process.stdin.on('end', () => void stop());
process.stdin.resume();
