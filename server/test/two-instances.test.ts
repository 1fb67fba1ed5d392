import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DB_KIND } from './test-db.ts';
import { smallPng } from './images.ts';
import { freePort } from './free-port.ts';
import { HAPROXY_BIN, haproxyConfig } from '../../scripts/haproxy.ts';
import { serverArgs } from '../../scripts/server-command.mjs';

// Two app processes behind a real load balancer (Debian's HAProxy) on one PostgreSQL.
// Uploads through one are served by the other, a write on one shows on the other's dashboard at
// once, sessions hold on both, and one killed with SIGKILL while a client keeps working through
// the balancer costs no request but a retried idempotent read. Runs with the PostgreSQL suite
// (scripts/test-pg.sh); HAProxy comes from scripts/test.sh's Debian packages.

const root = path.resolve(import.meta.dirname, '../..');
const haproxy = HAPROXY_BIN;
const work = path.join(root, '.tmp', `two-instances-${process.pid}`);

async function waitFor(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  log: string[];
}

function startInstance(name: string, port: number, databaseUrl: string, seed: boolean): Instance {
  const dataDir = path.join(work, name);
  mkdirSync(dataDir, { recursive: true });
  const log: string[] = [];
  const child = spawn(process.execPath, serverArgs(root), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      DEMO_SEED: seed ? 'true' : 'false',
      ADMIN_PASSWORD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
  return { name, port, url: `http://127.0.0.1:${port}`, child, log };
}

type Json = {
  diagnostic: { code: number; message: string };
  data: Record<string, unknown> & { data?: Record<string, unknown>[] };
};
async function call(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe.skipIf(TEST_DB_KIND !== 'postgres' || !haproxy)('two instances behind HAProxy on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;
  let lb: ChildProcess;
  let lbUrl: string;
  let token: string;

  beforeAll(async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const databaseUrl = await createPostgresDatabase();
    const [pa, pb, pl] = [await freePort(), await freePort(), await freePort()];
    // One after the other: the first migrates and seeds, the second finds the database ready.
    a = startInstance('a', pa, databaseUrl, true);
    await waitFor(`${a.url}/api/health/ready`);
    b = startInstance('b', pb, databaseUrl, false);
    await waitFor(`${b.url}/api/health/ready`);
    // Failed connections and lost answers are retried on the other server, except for POST (not
    // idempotent: a create must not run twice); the health check takes a dead server out quickly.
    writeFileSync(
      path.join(work, 'haproxy.cfg'),
      haproxyConfig(
        [
          {
            name: 'sidasek',
            port: pl,
            servers: [
              ['a', pa],
              ['b', pb],
            ],
          },
        ],
        { check: 'inter 300 fall 1 rise 2' },
      ),
    );
    lb = spawn(haproxy!, ['-db', '-f', path.join(work, 'haproxy.cfg')], { stdio: 'ignore' });
    lbUrl = `http://127.0.0.1:${pl}`;
    await waitFor(`${lbUrl}/api/health/live`, 10_000);
    const login = await call(a.url, 'POST', '/api/token', undefined, { username: 'admin', password: 'admin12345' });
    expect(login.status).toBe(200);
    token = login.body.data.access_token as string;
  }, 180_000);

  afterAll(async () => {
    lb?.kill('SIGKILL');
    for (const i of [a, b]) i?.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('a session made on one instance is valid on the other', async () => {
    expect((await call(b.url, 'GET', '/api/dashboard', token)).status).toBe(200);
    expect((await call(b.url, 'GET', '/api/dashboard', 'not-a-token')).status).toBe(401);
  });

  it('a photo uploaded on one instance is served by the other', async () => {
    const admin = (await call(a.url, 'POST', '/api/token', undefined, { username: 'admin', password: 'admin12345' }))
      .body.data.access_token as string;
    const schools = await call(a.url, 'GET', '/api/sekolah?page=1', admin);
    const npsn = (schools.body.data.data as { npsn: string }[])[0]!.npsn;
    const png = await smallPng();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      nama: 'Ruang kelas baru',
      jenis: 'sekolah',
      desk: 'Foto bersama',
      ket: 'Uji dua instans',
      npsn,
    }))
      form.append(k, v);
    form.append('foto', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kelas.png');
    const up = await fetch(`${a.url}/api/galeri`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const created = (await up.json()) as Json;
    expect(up.status, created.diagnostic.message).toBe(200);
    const link = JSON.stringify(created.data).match(/\/files\/[a-f0-9]{32}\.\w+/)?.[0];
    expect(link, 'the answer names the stored file').toBeTruthy();
    const onA = await fetch(`${a.url}${link}`);
    const onB = await fetch(`${b.url}${link}`);
    expect(onB.status).toBe(200);
    expect(Buffer.from(await onB.arrayBuffer())).toEqual(Buffer.from(await onA.arrayBuffer()));
    token = admin;
  });

  it("a school created on one instance is on the other's dashboard at once", async () => {
    const before = (await call(b.url, 'GET', '/api/dashboard', token)).body.data.daftar_sekolah as number;
    const created = await call(a.url, 'POST', '/api/sekolah', token, {
      npsn: '69990001',
      nama_sekolah: 'SMA Negeri Dua Instans',
      bentuk_pendidikan: 'SMA',
      status: 'Negeri',
    });
    expect(created.status, created.body.diagnostic.message).toBe(200);
    const until = Date.now() + 1000;
    let after = before;
    while (after === before && Date.now() < until) {
      after = (await call(b.url, 'GET', '/api/dashboard', token)).body.data.daftar_sekolah as number;
      if (after === before) await new Promise((r) => setTimeout(r, 50));
    }
    expect(after).toBe(before + 1);
  });

  it('one instance killed with SIGKILL: the client keeps working through the balancer', async () => {
    const list = await call(lbUrl, 'GET', '/api/guru?page=1', token);
    const ids = (list.body.data.data as { id: number }[]).map((g) => g.id);
    const detail = (await call(lbUrl, 'GET', `/api/guru/${ids[0]}`, token)).body.data;
    const counts = { reads: 0, writes: 0, retriedReads: 0 };
    const failures: string[] = [];
    /** An idempotent read: retried by the client on a failure the balancer could not hide. */
    const read = async (url: string) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const r = await call(lbUrl, 'GET', url, token);
          if (r.status === 200) return void counts.reads++;
        } catch {
          // connection lost mid-answer
        }
        counts.retriedReads++;
      }
      failures.push(`GET ${url}`);
    };
    /** A write (an idempotent PUT without versi): must never fail. */
    const write = async (n: number) => {
      try {
        const r = await call(lbUrl, 'PUT', `/api/guru/${ids[0]}`, token, {
          ...Object.fromEntries(
            Object.entries(detail).filter(([k]) =>
              [
                'nama',
                'tgl_lahir',
                'nip',
                'jenis_kelamin',
                'golongan',
                'id_jabatan',
                'sekolah_id',
                'status_guru',
              ].includes(k),
            ),
          ),
          hobi: `Membaca ${n}`,
        });
        if (r.status === 200) counts.writes++;
        else failures.push(`PUT ${r.status} ${r.body.diagnostic.message}`);
      } catch (err) {
        failures.push(`PUT ${(err as Error).message}`);
      }
    };
    const started = Date.now();
    let killed = false;
    for (let n = 0; Date.now() - started < 6000; n++) {
      if (!killed && Date.now() - started > 2000) {
        a.child.kill('SIGKILL');
        killed = true;
      }
      if (n % 3 === 2) await write(n);
      else await read(n % 3 === 0 ? `/api/guru?page=${(n % 5) + 1}` : `/api/guru/${ids[n % ids.length]}`);
    }
    expect(killed).toBe(true);
    expect(failures, `reads ${counts.reads}, writes ${counts.writes}, retried reads ${counts.retriedReads}`).toEqual(
      [],
    );
    expect(counts.writes).toBeGreaterThan(10);
    // The survivor holds every write.
    expect((await call(b.url, 'GET', `/api/guru/${ids[0]}`, token)).body.data.hobi).toMatch(/^Membaca \d+$/);
    console.info(
      `two instances: ${counts.reads} reads and ${counts.writes} writes through HAProxy, instance a killed after 2 s; reads retried by the client: ${counts.retriedReads}`,
    );
  }, 60_000);
});
