/**
 * Unverified or implausible data behind letters about to be signed: what it is, and the official's
 * explicit acceptance (without it the server refuses to sign them: docs/domain/kgb.md).
 */
export function UnverifiedAccept({
  items,
  checked,
  onChange,
  count,
}: {
  items: string[];
  checked: boolean;
  onChange: (v: boolean) => void;
  count?: number;
}) {
  return (
    <div className="kgb-unverified" role="group" aria-labelledby="kgb-unverified-title" data-testid="kgb-peringatan">
      <p id="kgb-unverified-title">
        <b>
          {count && count > 1
            ? `${count.toLocaleString('id-ID')} surat bersandar pada data yang belum diverifikasi:`
            : 'Surat ini bersandar pada data yang belum diverifikasi:'}
        </b>
      </p>
      <ul>
        {items.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <label className="kgb-unverified-accept">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          data-testid="kgb-terima-belum-verifikasi"
        />
        <span>Saya sudah memeriksa data tersebut dan tetap menandatangani</span>
      </label>
    </div>
  );
}
