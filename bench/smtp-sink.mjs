// A loopback SMTP server for the digest benchmark, in a process of its own so that it never
// shares an event loop with a sender. It accepts everything, keeps nothing, and counts: the parent
// sends { expect: n } and gets { received: n, at } once n more messages have arrived.
import { SMTPServer } from 'smtp-server';

let received = 0;
let waiting;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      if (waiting && received >= waiting.target) {
        process.send({ received: received - waiting.from, at: Date.now() });
        waiting = undefined;
      }
      callback();
    });
  },
});

process.on('message', ({ expect }) => {
  waiting = { from: received, target: received + expect };
});

server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
