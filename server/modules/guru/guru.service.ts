// Teacher writes (route → service → repository): the checks that need the database,
// the rule that the decrees decide golongan, MKG and salary, and the photo's file.
import { isAsn, STATUS_PNS } from '#contract/asn.ts';
import type { GuruCreateFields, GuruUpdateBody } from '#contract/guru.ts';
import { GURU_BODY_FIELDS, noun, type GuruFromRecordName } from '#contract/guru-fields.ts';
import { MSG } from '#contract/messages.ts';
import { errors } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { ProcessedImage } from '../../lib/images.ts';
import type { AppDeps } from '../../deps.ts';
import { basisFromDecrees } from '../../domain/kgb.ts';
import { guruProblems, type GuruRuleInput } from '../../domain/guru-rules.ts';
import { decreesOf, syncTeacherFromRecord } from './record-basis.ts';
import type { GuruRepository } from './guru.repository.ts';

/** The profile fields the record decides (the catalogue's `fromRecord`), with their labels for the message. */
const RECORD_FIELDS = Object.fromEntries(
  GURU_BODY_FIELDS.filter((f) => f.fromRecord).map((f) => [f.name, noun(f.label)]),
) as Record<GuruFromRecordName, string>;

export function guruService(deps: AppDeps, repo: GuruRepository) {
  const { db } = deps.database;

  /** The rules of server/domain/guru-rules.ts, then a NIP no other teacher has (409). */
  async function check(v: GuruRuleInput, exceptId?: number): Promise<void> {
    const problems = await guruProblems(v, {
      inMaster: repo.inMaster,
      schoolExists: repo.schoolExists,
      regionExists: repo.regionExists,
    });
    if (Object.keys(problems).length) throw errors.validation(problems);
    if (typeof v.nip === 'string' && v.nip && (await repo.nipTaken(v.nip, exceptId)))
      throw errors.conflict('guru.nip_taken', MSG.nipTaken);
  }

  /**
   * Golongan, MKG, basic salary and last KGB date follow the teacher's verified rank and KGB decrees
   * (server/modules/guru/record-basis.ts). Sending the same value is fine (the form sends every
   * field); a different one is refused while the record has a decree: it is changed in the tabs.
   * A teacher without a decree (typed or imported data) keeps them editable.
   */
  async function refuseRecordFieldChanges(
    id: number,
    b: Partial<GuruUpdateBody>,
    status: string,
    current: Awaited<ReturnType<GuruRepository['recordFields']>>,
  ): Promise<void> {
    // A form opened before a change (a signed letter, say) gets the 409 of the update instead.
    if (!current || (b.versi !== undefined && b.versi !== current.versi)) return;
    const changed = (Object.keys(RECORD_FIELDS) as (keyof typeof RECORD_FIELDS)[]).filter((k) => {
      const v = b[k];
      if (v === undefined) return false;
      // A teacher who leaves the civil service loses the golongan.
      if (k === 'golongan' && v === null && !isAsn(status)) return false;
      return (v ?? null) !== (current[k] ?? null);
    });
    if (!changed.length) return;
    if (!basisFromDecrees(await decreesOf(db, id))) return;
    throw errors.validation(Object.fromEntries(changed.map((k) => [k, MSG.fromRecord(RECORD_FIELDS[k])])));
  }

  return {
    /** A new teacher with a photo (JPEG, re-encoded): the file is removed again when the row is refused. */
    async create(v: GuruCreateFields, foto: ProcessedImage): Promise<number> {
      const values = { ...v, status_guru: v.status_guru ?? STATUS_PNS };
      await check(values);
      const fotoKey = await deps.files.put(foto.image, 'jpg');
      try {
        return await repo.create({ ...values, foto_key: fotoKey });
      } catch (err) {
        await deps.files.delete(fotoKey);
        if (isUniqueViolation(err)) throw errors.conflict('guru.nip_taken', MSG.nipTaken);
        throw err;
      }
    },

    /** Every field of the form; fields left out keep their value. 409 when the teacher changed since `versi`. */
    async update(id: number, b: GuruUpdateBody): Promise<void> {
      const current = await repo.recordFields(id);
      const status = b.status_guru === undefined ? (current?.status_guru ?? STATUS_PNS) : (b.status_guru ?? STATUS_PNS);
      await check({ ...b, status_guru: status }, id);
      await refuseRecordFieldChanges(id, b, status, current);
      const { versi, ...fields } = b;
      const changes: Record<string, unknown> = Object.fromEntries(
        Object.entries({ ...fields, status_guru: status }).filter(([, v]) => v !== undefined),
      );
      if (typeof changes.instagram === 'string') changes.instagram = changes.instagram.replace(/^@/, '');
      let done: boolean;
      try {
        done = await repo.update(id, changes, versi, deps.now());
      } catch (err) {
        if (isUniqueViolation(err)) throw errors.conflict('guru.nip_taken', MSG.nipTaken);
        throw err;
      }
      if (!done) throw errors.conflict('guru.changed', MSG.teacherChanged);
      // A change of status (a CPNS made PNS, a PNS who became PPPK) changes what the record gives:
      // the salary's percentage and where the KGB cycle counts from.
      if (status !== current?.status_guru) await syncTeacherFromRecord(db, id, deps.now(), deps.waktu.zona());
    },

    async setFoto(id: number, foto: ProcessedImage): Promise<void> {
      const key = await deps.files.put(foto.image, 'jpg');
      const old = await repo.setFoto(id, key, deps.now());
      if (old) await deps.files.delete(old);
    },

    async verify(id: number): Promise<void> {
      if (!(await repo.verify(id, deps.now())))
        throw errors.conflict('guru.already_verified', MSG.teacherAlreadyVerified);
    },
  };
}
