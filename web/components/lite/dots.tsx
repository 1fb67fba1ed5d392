// Its own module, outside the 'lite' chunk group (vite.config.ts): antd screens use it too (map placeholder).
/** antd's Spin (dots) in the primary colour; `size` 'default' (20 px) or 'large' (32 px). */
export function Dots({ size = 'default', label = 'Memuat' }: { size?: 'default' | 'large'; label?: string }) {
  return (
    <span className={`lite-spin${size === 'large' ? ' lite-spin-lg' : ''}`} role="status" aria-label={label}>
      <span className="spin-dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </span>
  );
}
