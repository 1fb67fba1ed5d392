import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { runProcessEnv, runProcessPlace } from './run-process.ts';

// A run's process must choose the file store as its server did (server/lib/file-stores.ts): with
// FILE_STORE unset on PostgreSQL, the shared store in the database and, while DATA_DIR/files still
// holds files from before, reads from there as well. Otherwise a month's letters signed in the
// process do not find the official's key the server finds (decision 0058).
describe("a background run's process", () => {
  const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/sidasek', DATA_DIR: '/var/lib/sidasek' };
  const childConfig = (serverEnv: NodeJS.ProcessEnv) => {
    const server = loadConfig(serverEnv);
    const place = runProcessPlace(server, { kind: 'postgres' })!;
    return { server, child: loadConfig(runProcessEnv(place, serverEnv)) };
  };

  it('chooses the file store by default as its server did, so that files from before stay readable', () => {
    const { server, child } = childConfig(base);
    expect(server).toMatchObject({ fileStore: 'postgres', fileStoreExplicit: false });
    expect(child).toMatchObject({ fileStore: 'postgres', fileStoreExplicit: false, dataDir: '/var/lib/sidasek' });
  });

  it('keeps a store its server was told to use', () => {
    for (const store of ['local', 'postgres'] as const) {
      const { child } = childConfig({ ...base, FILE_STORE: store });
      expect(child).toMatchObject({ fileStore: store, fileStoreExplicit: true });
    }
  });
});
