import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkRecord,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MSG,
  RECORD_KIND,
  RECORD_KINDS,
  recordListQuery,
  type RecordKind,
} from '#contract/riwayat.ts';
import { ROLE_ADMIN } from '#contract/auth.ts';
import { golonganProblem } from '#contract/asn.ts';
import { idParam } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { ok, page } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';
import { checkPdf } from '../../lib/documents.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { readCheckedMultipart, type UploadedFile } from '../../lib/multipart.ts';
import { currentUser } from '../../plugins/auth.ts';
import { referensiOf } from '../master/referensi-cache.ts';
import { guruRepository } from '../guru/guru.repository.ts';
import { requireGuru } from '../guru/guru-access.ts';
import { riwayatRepository, RECORD_PAGE_SIZE, type AllowedState } from './riwayat.repository.ts';
import { syncTeacherFromRecord } from '../guru/record-basis.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * One routes factory for the nine record kinds of contract/riwayat.ts: list by teacher, get,
 * create, update, delete (and, for formal education, verify), each with the teacher's school
 * checked for operators.
 */
export function riwayatRoutes(base: FastifyInstance, deps: AppDeps): void {
  for (const kind of RECORD_KINDS) registerKind(base, deps, kind);
}

function registerKind(base: FastifyInstance, deps: AppDeps, kind: RecordKind): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const refs = referensiOf(db);
  const guruRepo = guruRepository(db, deps.config.retirementAge);
  const repo = riwayatRepository(db, kind);
  const user = { access: 'user' } as const;
  const fileField = repo.fileField;

  /**
   * Reads a JSON or multipart body; files only where the kind has a file field. `allowed` (the
   * caller's access to the teacher) runs first; a PDF is checked after it and before the request's
   * transaction opens (no connection held meanwhile, no file work for a refused caller).
   */
  async function readInput(
    request: FastifyRequest,
    allowed: (input: Record<string, unknown>) => Promise<void> = async () => {},
  ): Promise<{ input: Record<string, unknown>; file: UploadedFile | undefined }> {
    if (request.isMultipart()) {
      return readCheckedMultipart(request, DOCUMENT_MAX_BYTES, DOCUMENT_MSG.tooLarge, async ({ fields, files }) => {
        await allowed(fields);
        const file = fileField ? files[fileField.name] : undefined;
        if (file) await checkPdf(file.bytes);
        return { input: fields, file };
      });
    }
    const input = (request.body ?? {}) as Record<string, unknown>;
    await allowed(input);
    return { input, file: undefined };
  }

  /** Field checks in SPEC order, then the references: master items of the right list, own records. */
  async function validate(
    input: Record<string, unknown>,
    file: UploadedFile | undefined,
    guruId: number,
    creating: boolean,
  ) {
    const { values, errors: fieldErrors } = checkRecord(
      kind,
      input,
      (name) => !creating || (fileField?.name === name && !!file),
    );
    if (Object.keys(fieldErrors).length) throw errors.validation(fieldErrors);
    for (const f of kind.fields) {
      const v = values[f.name];
      if (v == null) continue;
      if (f.type === 'master' && f.master) {
        const [kategori, tipe] = f.master.kategori.split(':');
        if (!(await refs.inList(kategori!, v as number, tipe)))
          throw errors.validation({ [f.name]: `${f.label} tidak ditemukan di data master` });
      }
      if (f.type === 'golongan') {
        if (!(await refs.inList('golongan', v as string)))
          throw errors.validation({ [f.name]: 'Golongan tidak ditemukan' });
        // A PPPK decree has a PPPK golongan (I-XVII), a PNS or CPNS decree a golongan ruang.
        const problem = golonganProblem(await guruRepo.statusOf(guruId), v as string);
        if (problem) throw errors.validation({ [f.name]: problem });
      }
      if (f.type === 'record' && f.record && !(await repo.belongsTo(RECORD_KIND[f.record.kind], v as number, guruId))) {
        throw errors.validation({ [f.name]: `${f.label} tidak ditemukan pada riwayat guru ini` });
      }
    }
    return values;
  }

  /** The record by id, after checking the caller may reach its teacher. */
  async function reachable(request: FastifyRequest, id: number) {
    const row = await repo.raw(id);
    if (!row) throw errors.notFound();
    await requireGuru(guruRepo, currentUser(request).user, row.guru_id as number);
    return row;
  }

  const isAdmin = (request: FastifyRequest) => currentUser(request).user.roles.id === ROLE_ADMIN;

  /** Decrees that set the salary re-derive the teacher's profile (same transaction). */
  const afterChange = async (guruId: number) => {
    if (kind.setsSalary) await syncTeacherFromRecord(db, guruId, deps.now(), deps.waktu.zona());
  };

  /**
   * Rows the server wrote (a signed letter's history row) are nobody's to change here; verified
   * rows are not the operator's. SPEC §4/§6 name the delete case.
   */
  function requireChangeable(request: FastifyRequest, current: Record<string, unknown>, change: 'update' | 'delete') {
    if (kind.signedRows && current.kgb_surat_id != null) throw errors.forbidden(MSG.recordFromSignedLetter);
    if (kind.verifiable && !isAdmin(request) && current.status !== 0) {
      throw errors.forbidden(change === 'delete' ? MSG.recordVerifiedNoDelete : MSG.recordVerifiedNoEdit);
    }
  }

  /**
   * The same rule as the write's condition: the row checked above may be verified (or signed)
   * before the change reaches it, so the update or delete itself holds only while the row is
   * still in the state the change was allowed for (AllowedState).
   */
  const allowedState = (request: FastifyRequest): AllowedState => ({
    unsigned: kind.signedRows,
    unverified: kind.verifiable && !isAdmin(request),
  });

  /** A conditional write found nothing: the row is gone (404) or no longer the caller's to change (403). */
  async function refuseChanged(request: FastifyRequest, id: number, change: 'update' | 'delete'): Promise<never> {
    const now = await repo.raw(id);
    if (!now) throw errors.notFound();
    requireChangeable(request, now, change);
    throw errors.conflict('riwayat.changed', MSG.recordChanged);
  }

  app.get(`/api/${kind.key}`, { config: user, schema: { querystring: recordListQuery } }, async (request) => {
    await requireGuru(guruRepo, currentUser(request).user, request.query.id_guru);
    const { rows, total } = await repo.list(request.query.id_guru, request.query.page);
    return ok(page(rows, total, request.query.page, RECORD_PAGE_SIZE));
  });

  app.get(`/api/${kind.key}/:id`, { config: user, schema: { params: idParam } }, async (request) =>
    ok(await repo.present(await reachable(request, request.params.id))),
  );

  const create = async (request: FastifyRequest) => {
    let guruId = 0;
    const { input, file } = await readInput(request, async (fields) => {
      guruId = Number(fields.guru_id ?? fields.id_guru);
      if (!Number.isInteger(guruId) || guruId < 1) throw errors.validation({ guru_id: 'guru_id tidak boleh Kosong' });
      // A database integer: anything larger cannot name a teacher.
      if (guruId > 2_147_483_647) throw errors.notFound(MSG.teacherNotFound);
      await requireGuru(guruRepo, currentUser(request).user, guruId);
    });
    const values = await validate(input, file, guruId, true);
    const key = file ? await deps.files.put(file.bytes, 'pdf') : null;
    try {
      const row = await repo.insert({
        ...values,
        guru_id: guruId,
        ...(key && fileField ? { [`${fileField.name}_key`]: key } : {}),
        // Records an operator adds wait for the office's verification.
        ...(kind.verifiable ? { status: isAdmin(request) ? 1 : 0 } : {}),
      });
      await afterChange(guruId);
      return ok(await repo.present(row), MSG.saved);
    } catch (err) {
      if (key) await deps.files.delete(key);
      throw err;
    }
  };
  // SPEC §7 writes some create paths with a trailing slash; both forms are accepted.
  const createPath = `/api/${kind.createPath.replace(/\/$/, '')}`;
  app.post(createPath, { config: user }, create);
  app.post(`${createPath}/`, { config: user }, create);

  const update = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const current = await reachable(request, request.params.id);
    requireChangeable(request, current, 'update');
    const { input, file } = await readInput(request);
    const values = await validate(input, file, current.guru_id as number, false);
    const key = file ? await deps.files.put(file.bytes, 'pdf') : null;
    const oldKey = fileField ? (current[`${fileField.name}_key`] as string | null) : null;
    const updated =
      (await repo.update(
        current.id as number,
        { ...values, ...(key && fileField ? { [`${fileField.name}_key`]: key } : {}), updated_at: deps.now() },
        allowedState(request),
      )) ?? (await refuseChanged(request, current.id as number, 'update'));
    await afterChange(current.guru_id as number);
    if (key && oldKey) await deps.files.delete(oldKey);
    return ok(await repo.present(updated), MSG.updated);
  };
  const updatePath = `/api/${kind.updatePath.replace('{id}', ':id')}`;
  if (kind.updateMethod === 'PUT') app.put(updatePath, { config: user, schema: { params: idParam } }, update);
  else app.post(updatePath, { config: user, schema: { params: idParam } }, update);

  app.delete(`/api/${kind.key}/:id`, { config: user, schema: { params: idParam } }, async (request) => {
    const current = await reachable(request, request.params.id);
    requireChangeable(request, current, 'delete');
    if (!(await repo.remove(current.id as number, allowedState(request))))
      await refuseChanged(request, current.id as number, 'delete');
    await afterChange(current.guru_id as number);
    const key = fileField ? (current[`${fileField.name}_key`] as string | null) : null;
    if (key) await deps.files.delete(key);
    return ok(null, MSG.deleted);
  });

  if (kind.verifiable) {
    app.put(
      `/api/${kind.key}/verifikasi/:id`,
      { config: { access: 'admin' }, schema: { params: idParam } },
      async (request) => {
        const current = await reachable(request, request.params.id);
        const updated = await repo.update(current.id as number, { status: 1, updated_at: deps.now() });
        if (!updated) throw errors.notFound();
        await afterChange(current.guru_id as number);
        return ok(await repo.present(updated), MSG.recordVerified);
      },
    );
  }

  if (fileField) {
    // Documents are personal data: served only through the API, to callers who reach the teacher.
    app.get(`/api/${kind.key}/:id/file`, { config: user, schema: { params: idParam } }, async (request, reply) => {
      const current = await reachable(request, request.params.id);
      const key = current[`${fileField.name}_key`] as string | null;
      const bytes = key ? await deps.files.get(key) : null;
      if (!bytes) throw errors.notFound('File belum diunggah');
      return sendPdf(reply, bytes, `${kind.key}-${current.id}.pdf`);
    });
  }
}
