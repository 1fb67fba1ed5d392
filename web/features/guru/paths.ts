import type { Family } from '../../app/paths.ts';

/** Teacher paths inside a route family (SPEC §2): add and edit exist only in the admin families. */
export const guruPaths = {
  list: (f: Family) => `/${f}/guru`,
  detail: (f: Family, id: number | string, tab?: string) => `/${f}/guru/detail-guru/${id}${tab ? `?tab=${tab}` : ''}`,
  add: (f: Family) => `/${f}/guru/add-guru`,
  edit: (f: Family, id: number | string) => `/${f}/guru/edit-guru/${id}`,
};
