import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KGB_MSG, pejabatFields } from '#contract/kgb.ts';
import { delegasiBody } from '#contract/kgb-forms.ts';
import { idParam } from '#contract/user.ts';
import { ok } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { readCheckedMultipart } from '../../lib/multipart.ts';
import { parseWith } from '../../plugins/validation.ts';
import { kgbRepository } from './kgb.repository.ts';
import { pejabatRepository } from './pejabat.repository.ts';
import { certificateStatuses, prepareOfficialKey, registerOfficial, toPejabat } from './pejabat.service.ts';
import type { AppDeps } from '../../deps.ts';

const settingsBody = z.object({
  template: z
    .enum(['pemberitahuan', 'keputusan'], { error: 'Bentuk surat harus Surat Pemberitahuan atau Keputusan' })
    .default('pemberitahuan'),
  sifat: z
    .string()
    .trim()
    .min(1, 'Sifat surat tidak boleh Kosong')
    .max(30, 'Sifat surat maksimal 30 karakter')
    .default('Biasa'),
  formatNomor: z
    .string()
    .trim()
    .min(1, 'Format nomor tidak boleh Kosong')
    .max(80)
    .refine((v) => v.includes('{nomor}'), 'Format nomor harus memuat {nomor}'),
  kepada: z.string().trim().min(1, 'Tujuan surat tidak boleh Kosong').max(200),
  pembuka: z.string().trim().min(1, 'Kalimat pembuka tidak boleh Kosong').max(500),
  dasar: z.string().trim().min(1, 'Kalimat dasar tidak boleh Kosong').max(300),
  penutup: z.string().trim().min(1, 'Kalimat penutup tidak boleh Kosong').max(500),
  tembusan: z.array(z.string().trim().min(1).max(150)).max(8, 'Tembusan maksimal 8'),
});

/** Signing officials and the letter settings (administrators). */
export function pejabatRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const admin = { access: 'admin' } as const;
  const repo = kgbRepository(db, deps.salaryTables);
  const officials = pejabatRepository(db);
  const answer = async () => (await officials.list()).map(toPejabat);

  app.get('/api/pejabat', { config: admin }, async () => ok(await answer()));

  app.post('/api/pejabat', { config: admin }, async (request) => {
    const jenis = deps.config.signer.kind;
    // The form is read and the key opened (or made) before the request's transaction opens: opening
    // an uploaded PKCS#12 runs in an upload-check process with a time limit, holding no connection.
    const { f, key } = await readCheckedMultipart(
      request,
      256 * 1024,
      'Berkas PKCS#12 maksimal 256 KB',
      async ({ fields, files }) => {
        const f = parseWith(pejabatFields, fields);
        // With BSrE an official is their NIK (BSrE keeps the key and the passphrase); else a key here.
        if (jenis === 'bsre') return { f, key: undefined };
        if (!files.p12 && f.konfirmasi_passphrase !== f.passphrase)
          throw errors.validation({ konfirmasi_passphrase: KGB_MSG.passphraseMismatch });
        return { f, key: await prepareOfficialKey(db, deps.files, { ...f, p12: files.p12?.bytes }, deps.now()) };
      },
    );
    const row = await registerOfficial(
      db,
      deps.files,
      jenis === 'bsre' ? { ...f, passphrase: undefined } : { ...f, key },
      deps.now(),
      jenis,
    );
    return ok(toPejabat(row), KGB_MSG.officialCreated);
  });

  // The certificate of each BSrE official as BSrE reports it now (the officials page); with the
  // office's own keys there is nothing to ask: an empty list.
  app.get('/api/pejabat/status', { config: admin }, async () =>
    ok(deps.bsre ? await certificateStatuses(await officials.list(), deps.bsre) : []),
  );

  app.put('/api/pejabat/:id/aktif', { config: admin, schema: { params: idParam } }, async (request) => {
    const row = await officials.find(request.params.id);
    if (!row) throw errors.notFound();
    await officials.activate(row.id);
    return ok(await answer(), KGB_MSG.officialActivated);
  });

  // Delegations: which teachers an official signs for instead of the active one.
  app.put(
    '/api/pejabat/:id/delegasi',
    { config: admin, schema: { params: idParam, body: delegasiBody } },
    async (request) => {
      if (!(await officials.setDelegation(request.params.id, request.body))) throw errors.notFound();
      return ok(await answer(), KGB_MSG.delegationSaved);
    },
  );

  app.delete('/api/pejabat/:id/delegasi', { config: admin, schema: { params: idParam } }, async (request) => {
    if (!(await officials.setDelegation(request.params.id, null))) throw errors.notFound();
    return ok(await answer(), KGB_MSG.delegationRemoved);
  });

  app.get('/api/pengaturan/kgb', { config: admin }, async () => ok(await repo.settings()));
  app.put('/api/pengaturan/kgb', { config: admin, schema: { body: settingsBody } }, async (request) => {
    await repo.saveSettings(request.body);
    return ok(await repo.settings(), KGB_MSG.settingsSaved);
  });
}
