export * from './auth.ts';
export * from './wilayah.ts';
export * from './sekolah.ts';
