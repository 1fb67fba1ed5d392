import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '#contract/paging.ts';
import type {
  Aset,
  AsetBody,
  Galeri,
  GaleriFields,
  Lahan,
  LahanBody,
  Ruangan,
  RuanganBody,
} from '#contract/sarpras.ts';
import { api, apiWithMessage, type RequestOptions } from '../../../lib/api-client.ts';
import { sekolahKeys as keys } from '../../../lib/query-keys.ts';

// The school-property kinds (rooms, their assets, land, gallery) share one set of hooks: list of
// an owner (school NPSN, or room id for assets), one row, add, change, delete. Each kind only says
// where SPEC §7 puts its calls and what a change refreshes.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Call = [Method, string, RequestOptions?];

export interface PropertyKind<Row, Body, Owner extends string | number> {
  listKey: (owner: Owner) => QueryKey;
  list: (owner: Owner, page: number) => Call;
  /** One row's address and cache key, for the kinds SPEC §7 reads one by one (not assets). */
  detailKey?: (id: number) => QueryKey;
  detail?: (id: number) => string;
  create: (owner: Owner, body: Body) => Call;
  update: (id: number, body: Body) => Call;
  remove: (id: number) => string;
  /** What else a change makes stale (an asset changes its room's asset count). */
  alsoStale?: QueryKey;
  /** Only for the row type. */
  readonly row?: Row;
}

/** A kind whose rows are also read one by one. */
export type ReadableKind<Row, Body, Owner extends string | number> = PropertyKind<Row, Body, Owner> &
  Required<Pick<PropertyKind<Row, Body, Owner>, 'detail' | 'detailKey'>>;

const npsnPath = (npsn: string) => encodeURIComponent(npsn);

/** The gallery form is multipart: the text fields and, when chosen, the photo. */
export interface GaleriUpload {
  fields: GaleriFields;
  foto: File | null;
}
export function galeriFormData({ fields, foto }: GaleriUpload): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v ?? ''));
  if (foto) fd.append('foto', foto);
  return fd;
}

export const RUANGAN: ReadableKind<Ruangan, RuanganBody, string> = {
  listKey: keys.ruanganList,
  detailKey: keys.ruangan,
  list: (npsn, page) => ['GET', `ruangan/${npsnPath(npsn)}`, { query: { page } }],
  detail: (id) => `sekolah/ruangan/detail/${id}`,
  // SPEC §7: a room is added with PUT on the school's path.
  create: (npsn, body) => ['PUT', `sekolah/ruangan/${npsnPath(npsn)}`, { body }],
  update: (id, body) => ['PUT', `sekolah/ruangan/edit/${id}`, { body }],
  // Refused (409) while the room still has assets.
  remove: (id) => `sekolah/ruangan/${id}`,
};

export const ASET: PropertyKind<Aset, AsetBody, number> = {
  listKey: keys.asetList,
  list: (roomId, page) => ['GET', `aset-ruangan/${roomId}`, { query: { page } }],
  create: (_roomId, body) => ['POST', 'aset', { body }],
  update: (id, body) => ['PUT', `aset/${id}`, { body }],
  remove: (id) => `aset/${id}`,
  alsoStale: ['ruangan'],
};

export const LAHAN: ReadableKind<Lahan, LahanBody, string> = {
  listKey: keys.lahanList,
  detailKey: keys.lahan,
  list: (npsn, page) => ['GET', `list-lahan/${npsnPath(npsn)}`, { query: { page } }],
  detail: (id) => `lahan/${id}`,
  create: (_npsn, body) => ['POST', 'lahan', { body }],
  update: (id, body) => ['PUT', `lahan/${id}`, { body }],
  remove: (id) => `lahan/${id}`,
};

export const GALERI: ReadableKind<Galeri, GaleriUpload, string> = {
  listKey: keys.galeriList,
  detailKey: (id) => ['galeri-detail', id],
  list: (npsn, page) => ['GET', 'galeri', { query: { npsn, page } }],
  detail: (id) => `galeri/${id}`,
  create: (_npsn, upload) => ['POST', 'galeri', { body: galeriFormData(upload) }],
  // SPEC §7: the update is POST api/galeri/{id}?_method=put, multipart; the photo is optional.
  update: (id, upload) => ['POST', `galeri/${id}`, { query: { _method: 'put' }, body: galeriFormData(upload) }],
  remove: (id) => `galeri/${id}`,
};

/** One page of an owner's rows; the previous page stays while the next loads. */
export function usePropertyList<Row, Owner extends string | number>(
  kind: PropertyKind<Row, never, Owner>,
  owner: Owner,
  page: number,
) {
  return useQuery({
    queryKey: [...kind.listKey(owner), page],
    queryFn: ({ signal }) => {
      const [method, path, opts] = kind.list(owner, page);
      return api<Page<Row>>(method, path, { ...opts, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** One row; nothing is asked while `id` is null. */
export function usePropertyRow<Row>(kind: ReadableKind<Row, never, never>, id: number | null) {
  return useQuery({
    queryKey: kind.detailKey(id ?? 0),
    queryFn: ({ signal }) => api<Row>('GET', kind.detail(id!), { signal }),
    enabled: id !== null,
  });
}

function useStale<Owner extends string | number>(kind: PropertyKind<unknown, never, Owner>, owner: Owner) {
  const qc = useQueryClient();
  return (id?: number) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: kind.listKey(owner) }),
      ...(id === undefined || !kind.detailKey ? [] : [qc.invalidateQueries({ queryKey: kind.detailKey(id) })]),
      ...(kind.alsoStale ? [qc.invalidateQueries({ queryKey: kind.alsoStale })] : []),
    ]);
}

/** Adds a row to `owner`; answers the saved row and the server's message. */
export function useCreateProperty<Row, Body, Owner extends string | number>(
  kind: PropertyKind<Row, Body, Owner>,
  owner: Owner,
) {
  const stale = useStale(kind as PropertyKind<unknown, never, Owner>, owner);
  return useMutation({
    mutationFn: (body: Body) => {
      const [method, path, opts] = kind.create(owner, body);
      return apiWithMessage<Row>(method, path, opts);
    },
    onSuccess: () => stale(),
  });
}

/** Changes a row of `owner`. */
export function useUpdateProperty<Row, Body, Owner extends string | number>(
  kind: PropertyKind<Row, Body, Owner>,
  owner: Owner,
) {
  const stale = useStale(kind as PropertyKind<unknown, never, Owner>, owner);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Body }) => {
      const [method, path, opts] = kind.update(id, body);
      return apiWithMessage<Row>(method, path, opts);
    },
    onSuccess: (_r, { id }) => stale(id),
  });
}

/** Deletes a row of `owner` (the caller asks for confirmation first). */
export function useDeleteProperty<Owner extends string | number>(
  kind: PropertyKind<unknown, never, Owner>,
  owner: Owner,
) {
  const stale = useStale(kind, owner);
  return useMutation({
    mutationFn: (id: number) => apiWithMessage<unknown>('DELETE', kind.remove(id)),
    onSuccess: () => stale(),
  });
}
