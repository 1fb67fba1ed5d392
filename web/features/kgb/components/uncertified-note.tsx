import { Alert } from 'antd';

/**
 * docs/domain/tanda-tangan.md "Electronic signature": the self-hosted signature is an uncertified electronic
 * signature under PP 71/2019, and the signing screen says so.
 */
export function UncertifiedNote({ compact = false }: { compact?: boolean }) {
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="kgb-pp71-note"
      title="Tanda tangan elektronik tidak tersertifikasi"
      description={
        compact
          ? 'Sertifikat pejabat diterbitkan sendiri oleh sistem ini, bukan oleh PSrE yang diakui. Menurut PP 71/2019 tanda tangannya sah, tetapi kekuatan pembuktiannya lebih lemah daripada tanda tangan elektronik tersertifikasi.'
          : 'Surat ini ditandatangani dengan kunci dan sertifikat yang diterbitkan sendiri oleh sistem Dinas Pendidikan, bukan oleh Penyelenggara Sertifikasi Elektronik (PSrE) yang diakui seperti BSrE. Menurut PP 71/2019 tentang Penyelenggaraan Sistem dan Transaksi Elektronik, tanda tangan ini adalah tanda tangan elektronik tidak tersertifikasi: tetap sah dan memiliki akibat hukum, tetapi kekuatan pembuktiannya lebih lemah daripada tanda tangan elektronik tersertifikasi. Keaslian salinan dapat diperiksa dengan kode dokumennya.'
      }
    />
  );
}
