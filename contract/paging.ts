import { z } from 'zod';

/** A Laravel-style page, the shape every list of the API answers with. */
export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** Row number (1-based) of the first row on this page, null on an empty page. */
  from: number | null;
  to: number | null;
  /**
   * True when counting stopped at a cap (teacher list and search, school list, KGB due list): `total` is then a lower bound
   * ("10.000+") and `last_page` reaches ten pages past the current one.
   */
  total_lebih?: boolean;
}

/**
 * `page` as clients send it: missing or blank means page 1 (the original client sometimes sends
 * `page=`); anything else must be a positive whole number.
 */
export const pageParam = z
  .preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? 1 : v),
    z.coerce
      .number({ error: 'Parameter page harus berupa angka' })
      .int('Parameter page harus berupa bilangan bulat')
      .min(1, 'Parameter page minimal 1')
      .max(1_000_000, 'Parameter page terlalu besar'),
  )
  .default(1);

export const PAGE_LINKS_SHOWN = 10;
