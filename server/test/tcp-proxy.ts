import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a PostgreSQL server for fault tests: it can refuse connections (the
 * server is down), cut every connection (the server restarted), or let one statement through and
 * cut the connection before its answer arrives (COMMIT done, reply lost).
 */
export interface TcpProxy {
  port: number;
  /** false: the port refuses connections and open ones are cut; true: forwards again. */
  setOpen(open: boolean): Promise<void>;
  /** Cuts every open connection (as a server restart does). */
  cutAll(): void;
  /**
   * The next client message matching `pattern` reaches the server, but the connection is cut
   * before the server's answer gets back. Resolves once that happened.
   */
  dropReplyAfter(match: RegExp | ((chunk: Buffer) => boolean)): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; server: Socket }>();
  let armed: { matches: (chunk: Buffer) => boolean; done: () => void } | null = null;
  let server: Server | null = null;
  let boundPort = port;

  const onConnection = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    const pair = { client, server: upstream };
    pairs.add(pair);
    let dropNextReply: (() => void) | null = null;
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (armed && armed.matches(chunk)) {
        dropNextReply = armed.done;
        armed = null;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropNextReply) {
        const done = dropNextReply;
        dropNextReply = null;
        end();
        done();
        return;
      }
      client.write(chunk);
    });
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer(onConnection);
      s.once('error', reject);
      s.listen(boundPort, '127.0.0.1', () => {
        boundPort = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  const cutAll = () => {
    for (const p of pairs) {
      p.client.destroy();
      p.server.destroy();
    }
    pairs.clear();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      cutAll();
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return boundPort;
    },
    async setOpen(open) {
      if (open && !server) await listen();
      if (!open) await stopListening();
    },
    cutAll,
    dropReplyAfter(match) {
      const matches = typeof match === 'function' ? match : (chunk: Buffer) => match.test(chunk.toString('latin1'));
      return new Promise<void>((resolve) => {
        armed = { matches, done: resolve };
      });
    },
    close: stopListening,
  };
}
