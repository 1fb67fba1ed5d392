// The tables and columns Drizzle knows. What the migrations add beyond it (triggers, functions, the
// generated and trigger-kept columns, the name-word tables) is listed in server/db/sql-objects.ts.
export * from './auth.ts';
export * from './wilayah.ts';
export * from './sekolah.ts';
export * from './master.ts';
export * from './sarpras.ts';
export * from './guru.ts';
export * from './riwayat.ts';
export * from './kgb.ts';
export * from './kunjungan.ts';
export * from './audit.ts';
export * from './notifikasi.ts';
export * from './berkas.ts';
export * from './kenaikan-pangkat.ts';
export * from './pensiun.ts';
export * from './impor.ts';
