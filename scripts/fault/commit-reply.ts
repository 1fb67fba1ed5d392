// The connection breaks at the worst moments, on purpose (a TCP proxy between the API and
// PostgreSQL, server/test/tcp-proxy.ts), where a random kill only rarely lands:
//
// - BEGIN of an upload's transaction fails (the upload has been read, the session was checked):
//   the answer must be a 503 envelope and the process must stay up.
// - COMMIT reaches the server, its reply never comes back (the server died right after making the
//   commit durable): the client gets 503, the outcome is unknown to the API. Whatever the
//   database holds then must be whole: a committed row must still have its files, a committed
//   signature its history row.
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startTcpProxy } from '../../server/test/tcp-proxy.ts';
import { Scenario, call, log, login, sleep, type Answer } from './lib.ts';
import { Ledger, check, kgbDecreeForm, loadFixture, teacherForm, withPhoto } from './workload.ts';

const scenario = 'commit-reply';

async function pdfBytes(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc
    .addPage([300, 200])
    .drawText(text, { x: 20, y: 150, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

async function main() {
  const run = new Scenario(scenario, { durable: true });
  const { cluster, failures } = run;
  const cases: Record<string, unknown>[] = [];
  const dataDir = run.tempDir('data');
  const api = await run.api({ dataDir });
  let proxy: Awaited<ReturnType<typeof startTcpProxy>> | null = null;
  await run.run(
    async () => {
      await cluster.init();
      proxy = await startTcpProxy({ host: '127.0.0.1', port: cluster.port });
      api.opts.databaseUrl = `postgres://postgres@127.0.0.1:${proxy.port}/sidasek`;
      await api.startHealthy(300_000);
      const pid = api.pid;
      const fixture = await loadFixture(cluster);
      const school = fixture.schools[0]!;
      const admin = await login(api.base, 'admin', 'admin12345');
      const op = await login(api.base, school.npsn, 'operator123');
      const q = <T>(text: string, values: unknown[] = []) => cluster.query<T>('sidasek', text, values);
      const is503 = (r: Answer) => r.status === 503 && r.body?.diagnostic?.status === 503;

      const galeriForm = (nama: string) => {
        return withPhoto({ nama, jenis: 'sekolah', desk: 'uji', ket: 'uji', npsn: school.npsn }, fixture.photo);
      };
      const karyaForm = (judul: string, pdf: Buffer) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({
          guru_id: String(school.guruIds[0]),
          jenis_kt_id: String(fixture.jenisKaryaId),
          judul,
          tgl_penerbitan: '2024-05-02',
        }))
          form.append(k, v);
        form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'karya.pdf');
        return form;
      };
      // The exact simple-query messages node-postgres sends for drizzle's transactions (type 'Q',
      // length, text, NUL): nothing else in the stream (a parameter value, say) can match.
      const simpleQuery = (text: string) => {
        const msg = Buffer.alloc(1 + 4 + text.length + 1);
        msg.write('Q', 0, 'latin1');
        msg.writeUInt32BE(4 + text.length + 1, 1);
        msg.write(text, 5, 'latin1');
        return (chunk: Buffer) => chunk.includes(msg);
      };
      const BEGIN = simpleQuery('begin');
      const COMMIT = simpleQuery('commit');
      /** Arms the proxy, sends the request, waits for the answer (and the cut). */
      const withCut = async (pattern: (chunk: Buffer) => boolean, send: () => Promise<Answer>) => {
        const cut = proxy!.dropReplyAfter(pattern);
        const res = await send();
        const happened = await Promise.race([cut.then(() => true), sleep(2000).then(() => false)]);
        await sleep(300); // the API's own clean-up after the failed request
        return { res, happened };
      };

      // 1. BEGIN of an upload fails.
      {
        const nama = `tx1-${randomBytes(3).toString('hex')}`;
        const { res, happened } = await withCut(BEGIN, () =>
          call(api.base, 'POST', '/api/galeri', { token: op, form: galeriForm(nama) }),
        );
        const alive = api.alive() && api.pid === pid;
        cases.push({
          case: 'BEGIN of a gallery upload fails',
          cut: happened,
          status: res.status,
          processSurvived: alive,
        });
        if (!happened) failures.push('BEGIN case: the proxy saw no BEGIN');
        if (!alive) failures.push('BEGIN of an upload failed and the API process died (unhandled rejection)');
        else if (!is503(res))
          failures.push(
            `BEGIN case: answered ${res.status} ${res.error ?? res.body?.diagnostic?.message ?? ''}, expected a 503 envelope`,
          );
      }
      if (!api.alive()) {
        // The remaining cases need the API; start it again (on the same proxy) and go on.
        await api.startHealthy();
      }

      // 2. COMMIT of a gallery upload: reply lost.
      {
        const nama = `tx2-galeri-${randomBytes(3).toString('hex')}`;
        const { res, happened } = await withCut(COMMIT, () =>
          call(api.base, 'POST', '/api/galeri', { token: op, form: galeriForm(nama) }),
        );
        const rows = await q<{ id: number }>(`select id from galeri where nama = $1`, [nama]);
        cases.push({
          case: 'COMMIT reply of a gallery upload lost',
          cut: happened,
          status: res.status,
          committed: rows.length > 0,
        });
        if (!happened) failures.push('gallery COMMIT case: the proxy saw no COMMIT');
        if (res.status === 200) failures.push('gallery COMMIT case: answered 200 although the commit reply never came');
      }

      // 3. COMMIT of a record document upload: reply lost.
      {
        const judul = `tx3-karya-${randomBytes(3).toString('hex')}`;
        const pdf = await pdfBytes(judul);
        const { res, happened } = await withCut(COMMIT, () =>
          call(api.base, 'POST', '/api/riwkaryatulis/', { token: op, form: karyaForm(judul, pdf) }),
        );
        const rows = await q<{ id: number; file_key: string }>(
          `select id, file_key from riw_karya_tulis where judul = $1`,
          [judul],
        );
        cases.push({
          case: 'COMMIT reply of a record document upload lost',
          cut: happened,
          status: res.status,
          committed: rows.length > 0,
          sha256: createHash('sha256').update(pdf).digest('hex'),
        });
        if (!happened) failures.push('record COMMIT case: the proxy saw no COMMIT');
      }

      // 4. KGB signature: its transaction's COMMIT reply lost. A new teacher made due by their last
      //    decree (kgbDecreeForm), the profile verified by the office, then the letter verified.
      {
        const seq = String(Math.floor(Math.random() * 900) + 100);
        const nip = `198803102012031${seq}`;
        const form = teacherForm(fixture, school.id, 'Guru Tx', '1988-03-10', nip);
        const created = await call(api.base, 'POST', '/api/guru', { token: admin, form });
        const guruId = (created.body?.data as { id: number } | undefined)?.id;
        const recorded = guruId
          ? await call(api.base, 'POST', '/api/riwkgb/', {
              token: admin,
              form: kgbDecreeForm(guruId, seq, await pdfBytes('SK KGB')),
            })
          : null;
        const profile =
          recorded?.status === 200
            ? await call(api.base, 'PUT', `/api/guru/verifikasi/${guruId}`, { token: admin })
            : null;
        const verified =
          profile?.status === 200
            ? await call(api.base, 'POST', `/api/kgb/${guruId}/verifikasi`, { token: admin })
            : (profile ?? recorded);
        if (!guruId || verified?.status !== 200)
          failures.push(
            `KGB case: could not prepare a verified letter (${created.status}/${recorded?.status}/${profile?.status}/${verified?.status} ${verified?.body?.diagnostic?.message ?? ''})`,
          );
        else {
          const { res, happened } = await withCut(COMMIT, () =>
            call(api.base, 'POST', `/api/kgb/${guruId}/signature`, {
              token: admin,
              json: { passphrase: 'ttd-demo-2026' },
            }),
          );
          const [letter] = await q<{ id: number; status: string; nomor: string }>(
            `select id, status, nomor from kgb_surat where guru_id = $1`,
            [guruId],
          );
          const history = await q<{ id: number }>(`select id from riw_kgb where guru_id = $1 and no_kgb = $2`, [
            guruId,
            letter?.nomor ?? '',
          ]);
          cases.push({
            case: 'COMMIT reply of a KGB signature lost',
            cut: happened,
            status: res.status,
            letterStatus: letter?.status,
            historyRows: history.length,
          });
          if (!happened) failures.push('KGB COMMIT case: the proxy saw no COMMIT');
        }
      }

      // Whatever was committed must be whole: the crash test's checker over every row.
      const report = await check(cluster, path.join(dataDir, 'files'), new Ledger());
      for (const h of report.halfWritten) failures.push(`half-written after a lost COMMIT reply: ${h}`);
      if (!api.alive()) failures.push('the API process is not running at the end');
      for (const c of cases) log(scenario, JSON.stringify(c));
      return {
        cases,
        halfWritten: report.halfWritten.length,
        filesChecked: report.filesChecked,
      };
    },
    { figuresOnAbort: () => ({ cases }), cleanup: () => proxy?.close() },
  );
}

await main();
process.exit(0);
