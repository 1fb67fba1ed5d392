import { Alert } from 'antd';
import { useAppConfig } from '../../../lib/app-config.ts';
import { UncertifiedNote } from './uncertified-note.tsx';

/**
 * What kind of electronic signature the office makes (docs/domain/tanda-tangan.md): through BSrE a
 * certified one (PP 71/2019: a certificate from a recognised PSrE), else the uncertified note.
 * `jenis` names the signature of a given letter; without it, the installation's signer decides.
 */
export function SignatureNote({ compact = false, jenis }: { compact?: boolean; jenis?: 'p12' | 'bsre' | null }) {
  const config = useAppConfig();
  const kind = jenis ?? config.data?.penandatangan ?? 'p12';
  if (kind !== 'bsre') return <UncertifiedNote compact={compact} />;
  return (
    <Alert
      type="success"
      showIcon
      data-testid="kgb-bsre-note"
      title="Tanda tangan elektronik tersertifikasi (BSrE)"
      description={
        compact
          ? 'Ditandatangani melalui Balai Besar Sertifikasi Elektronik (BSrE), BSSN, dengan sertifikat elektronik pejabat. Passphrase atau kode TOTP hanya diteruskan ke BSrE dan tidak disimpan.'
          : 'Surat ditandatangani melalui layanan tanda tangan BSrE (Balai Besar Sertifikasi Elektronik, BSSN) dengan sertifikat elektronik pejabat yang diterbitkan PSrE yang diakui. Menurut PP 71/2019 ini adalah tanda tangan elektronik tersertifikasi. Keaslian surat dapat diperiksa dengan kode dokumennya atau di layanan verifikasi BSrE.'
      }
    />
  );
}
