import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Input } from 'antd';
import { bacaAngka, tulisAngka } from '../../lib/angka.ts';

interface Props {
  id?: string;
  value?: number | string | null;
  /** A number when the text reads as one (null when empty); the text itself when it does not, so the form's check refuses it with its message. */
  onChange?: (value: number | string | null) => void;
  /** Latitude/longitude: a dot or a comma before the decimals, no thousands. */
  koordinat?: boolean;
  /** Whole numbers only: the keyboard offered on phones. */
  bulat?: boolean;
  prefix?: ReactNode;
  suffix?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A number field that reads numbers as Indonesian readers write them (web/lib/angka.ts): "7,5" is
 * seven and a half and "1.250.000" one and a quarter million. Nothing is dropped, rounded or pulled
 * into range while typing: out-of-range and unreadable values reach the form's check, which names
 * the field and the rule. The text is rewritten in the usual form (dots between thousands, a
 * decimal comma) when the field is left.
 */
export function AngkaInput({
  id,
  value,
  onChange,
  koordinat,
  bulat,
  prefix,
  suffix,
  disabled,
  placeholder,
  ...rest
}: Props) {
  const show = (v: Props['value']) => (typeof v === 'string' ? v : tulisAngka(v, { koordinat }));
  const [text, setText] = useState(() => show(value));
  const last = useRef<Props['value']>(value);
  // A value set from outside (a reset, a record loaded) replaces the text.
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(show(value));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const emit = (v: number | string | null) => {
    last.current = v;
    onChange?.(v);
  };

  return (
    <Input
      id={id}
      value={text}
      inputMode={bulat ? 'numeric' : 'decimal'}
      autoComplete="off"
      prefix={prefix}
      suffix={suffix}
      disabled={disabled}
      placeholder={placeholder}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      onChange={(e) => {
        const raw = e.target.value;
        setText(raw);
        const read = bacaAngka(raw, { koordinat });
        emit(read.ok ? read.nilai : raw);
      }}
      onBlur={() => {
        const read = bacaAngka(text, { koordinat });
        if (read.ok) setText(tulisAngka(read.nilai, { koordinat }));
      }}
    />
  );
}
