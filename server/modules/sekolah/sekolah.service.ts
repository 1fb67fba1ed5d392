// School writes (route → service → repository): the checks that need the database, the
// operator account made with a new school, and the logo's file.
import type { SekolahCreateBody, SekolahCreated, SekolahUpdateBody } from '#contract/sekolah.ts';
import { MSG } from '#contract/messages.ts';
import { errors } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { generatePassword, hashPassword } from '../../lib/password.ts';
import type { ProcessedImage } from '../../lib/images.ts';
import type { AppDeps } from '../../deps.ts';
import type { SekolahRecord, SekolahRepository } from './sekolah.repository.ts';
import { kantorRepository } from '../kantor/kantor.repository.ts';

/** The refusal of a school level the office does not manage. */
export const jenjangDiluarKantor = (bp: string, jenjang: readonly string[]): string =>
  `Bentuk Pendidikan ${bp} tidak dikelola kantor ini; pilih salah satu dari: ${jenjang.join(', ')}`;

export function sekolahService(deps: AppDeps, repo: SekolahRepository) {
  return {
    /** A new school and its operator account (username = NPSN); the password is answered once. */
    async create(b: SekolahCreateBody): Promise<SekolahCreated> {
      // Only a level the office manages (UU 23/2014 Lampiran I.A; contract/kantor-values.ts): a
      // city office's TK would show in its statistics, as a province's SD would.
      const jenjang = (await kantorRepository(deps.database.db, deps.files).config()).jenjang;
      if (!jenjang.includes(b.bentuk_pendidikan))
        throw errors.validation({ bentuk_pendidikan: jenjangDiluarKantor(b.bentuk_pendidikan, jenjang) });
      if (await repo.npsnExists(b.npsn)) throw errors.conflict('sekolah.npsn_taken', MSG.npsnTaken);
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      try {
        await repo.createWithOperator(b, passwordHash);
      } catch (err) {
        // Two administrators adding the same NPSN at once: the unique index decides.
        if (isUniqueViolation(err)) throw errors.conflict('sekolah.npsn_taken', MSG.npsnTaken);
        throw err;
      }
      return { sekolah: (await repo.findByNpsn(b.npsn))!, akun: { username: b.npsn, password } };
    },

    /** The identity form: the NPSN stays, the village and the facilities must exist. */
    async update(record: SekolahRecord, b: SekolahUpdateBody): Promise<void> {
      if (b.npsn !== undefined && b.npsn !== '' && b.npsn.toUpperCase() !== record.npsn)
        throw errors.validation({ npsn: MSG.npsnImmutable });
      if (b.kode_wilayah && !(await repo.villageExists(b.kode_wilayah)))
        throw errors.validation({ kode_wilayah: MSG.regionNotFound });
      const facilityIds = b.fasilitas === undefined ? undefined : [...new Set(b.fasilitas)];
      if (facilityIds && (await repo.existingFasilitas(facilityIds)).length !== facilityIds.length)
        throw errors.validation({ fasilitas: MSG.facilityNotFound });
      // Fields left out of the body keep their value; fields sent empty are cleared.
      await repo.update(record, b, facilityIds, deps.now());
    },

    /** The logo, re-encoded as JPEG; the old file is removed once the new one is stored. */
    async setLogo(record: SekolahRecord, image: ProcessedImage): Promise<void> {
      const key = await deps.files.put(image.image, 'jpg');
      try {
        await repo.setLogo(record.id, key, deps.now());
      } catch (err) {
        await deps.files.delete(key);
        throw err;
      }
      if (record.logoKey) await deps.files.delete(record.logoKey);
    },
  };
}
