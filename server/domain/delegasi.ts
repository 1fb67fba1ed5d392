/**
 * Which official signs a teacher's KGB letter. An office may delegate the signature by
 * golongan or by school level (a head of division for golongan I–II, a branch office for SMK, …):
 * an official with a delegation signs the letters of teachers it covers; the default (active)
 * official signs the rest. Where several delegations cover a teacher, the narrowest wins (the one
 * that names both golongan and level, then the one with the shorter lists), then the older official.
 */
export interface Delegasi {
  golongan: string[];
  jenjang: string[];
}

export interface OfficialRule {
  id: number;
  aktif: boolean;
  delegasi: Delegasi | null;
}

const covers = (list: string[], value: string | null) => list.length === 0 || (value !== null && list.includes(value));
const breadth = (d: Delegasi) =>
  (d.golongan.length ? d.golongan.length : 1000) + (d.jenjang.length ? d.jenjang.length : 1000);

export function officialFor<T extends OfficialRule>(
  officials: T[],
  teacher: { golongan: string | null; jenjang: string | null },
): T | null {
  const delegated = officials
    .filter(
      (o) => o.delegasi && covers(o.delegasi.golongan, teacher.golongan) && covers(o.delegasi.jenjang, teacher.jenjang),
    )
    .sort((a, b) => breadth(a.delegasi!) - breadth(b.delegasi!) || a.id - b.id);
  return delegated[0] ?? officials.find((o) => o.aktif) ?? null;
}
