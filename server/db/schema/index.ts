export * from './auth.ts';
export * from './wilayah.ts';
export * from './sekolah.ts';
export * from './master.ts';
export * from './sarpras.ts';
export * from './guru.ts';
export * from './riwayat.ts';
export * from './kgb.ts';
