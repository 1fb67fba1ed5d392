import { useState } from 'react';
import { Typography } from 'antd';
import type { SuratKgb } from '#contract/kgb.ts';
import { signKgb } from '../api/kgb.ts';
import { PassphraseModal } from './passphrase-modal.tsx';
import { UnverifiedAccept } from './unverified-accept.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';

/**
 * 'TTD KGB': asks the signing official's passphrase and signs the verified letter (the passphrase
 * is handled as in PassphraseModal: never stored, cleared after every call).
 */
export function SignModal({
  open,
  guruId,
  surat,
  onClose,
  onSigned,
}: {
  open: boolean;
  guruId: number;
  surat: SuratKgb;
  onClose: () => void;
  onSigned: (signed: SuratKgb, message: string) => void;
}) {
  const [terima, setTerima] = useState(false);
  const peringatan = surat.peringatan ?? [];
  const bsre = useAppConfig().data?.penandatangan === 'bsre';
  return (
    <PassphraseModal
      open={open}
      title="TTD KGB"
      okText="Tandatangani"
      text={
        <>
          Surat nomor <Typography.Text strong>{surat.nomor}</Typography.Text> akan ditandatangani secara elektronik
          {surat.pejabat ? (
            <>
              {' '}
              oleh <Typography.Text strong>{surat.pejabat.nama}</Typography.Text> ({surat.pejabat.jabatan})
            </>
          ) : null}
          .{' '}
          {bsre
            ? 'Masukkan passphrase sertifikat elektronik BSrE pejabat atau kode TOTP dari aplikasi BeSign.'
            : 'Masukkan passphrase kunci tanda tangan pejabat.'}
        </>
      }
      extra={
        peringatan.length ? <UnverifiedAccept items={peringatan} checked={terima} onChange={setTerima} /> : undefined
      }
      onSubmit={async (secret) => {
        const r = await signKgb(guruId, secret, terima);
        onSigned(r.data, r.message);
      }}
      onClose={onClose}
    />
  );
}
