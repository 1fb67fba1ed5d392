/** InputNumber helpers: 1234567 shown as 1.234.567 while typing. */
export const rupiahFormatter = (v: string | number | undefined) => (v === undefined || v === '' ? '' : `${v}`.replace(/\B(?=(\d{3})+(?!\d))/g, '.'));
export const rupiahParser = (v: string | undefined) => (v ?? '').replace(/[^\d]/g, '');
