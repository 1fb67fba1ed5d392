/** Upload rules of images (school logo, gallery, teacher photo). */
export const IMAGE_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What the forms promise ('Foto maksimal 300Kb'): the stored image is re-encoded to at most this. */
export const IMAGE_MAX_STORED_BYTES = 300 * 1024;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

export const FILE_MSG = {
  imageType: 'Berkas harus gambar JPEG, PNG atau WebP',
  imageTooLarge: 'Ukuran gambar maksimal 5 MB',
  imageUnreadable: 'Gambar rusak atau tidak dapat dibaca',
  imageTooManyPixels: 'Resolusi gambar terlalu besar (maksimal 40 megapiksel)',
  imageActive: 'Gambar tidak boleh memuat kode HTML atau skrip',
  imageTooComplex: 'Gambar tidak dapat diperiksa dalam waktu wajar; simpan ulang sebagai JPEG lalu unggah lagi',
  imageTooManyScans:
    'Gambar JPEG progresif ini terlalu banyak lapisan pindaian; simpan ulang sebagai JPEG biasa lalu unggah lagi',
  checksBusy: 'Server sedang memeriksa banyak berkas; coba unggah lagi sebentar lagi',
} as const;
