import type { NotReady } from '../../domain/kgb.ts';
import { rupiah, tanggalPanjang } from '../../domain/terbilang.ts';
import { KGB_MSG } from '#contract/kgb.ts';

/** Why a teacher gets no letter now, as the due list and the letter page say it (docs/domain/kgb.md). */
export function notReadyText(r: NotReady): string {
  switch (r.reason) {
    case 'not_participant':
      return KGB_MSG.notPns;
    case 'no_decree':
      return KGB_MSG.noDecree;
    case 'no_tmt':
      return KGB_MSG.incomplete;
    case 'retires_first':
      return KGB_MSG.retiresFirst(tanggalPanjang(r.pensiun), tanggalPanjang(r.tmt));
    case 'top_of_scale':
      return KGB_MSG.topOfScale(r.golongan, r.mkg.tahun);
    case 'no_salary':
      return KGB_MSG.noSalary(r.golongan, tanggalPanjang(r.tmt));
    case 'no_raise':
      return KGB_MSG.noRaise(rupiah(r.gajiLama), rupiah(r.gajiBaru), tanggalPanjang(r.tmt));
  }
}

/** The error code of each reason (the API's `diagnostic.code`). */
export const NOT_READY_CODE: Record<NotReady['reason'], string> = {
  not_participant: 'kgb.not_pns',
  no_decree: 'kgb.no_decree',
  no_tmt: 'kgb.incomplete',
  retires_first: 'kgb.retires_first',
  top_of_scale: 'kgb.top_of_scale',
  no_salary: 'kgb.no_salary',
  no_raise: 'kgb.no_raise',
};
