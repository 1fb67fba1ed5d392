import { useEffect, useRef, type ReactNode } from 'react';
import { SvgIcon } from '../../components/svg-icon.tsx';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';

// A copy of @ant-design/icons-svg's CloseOutlined (see icons.ts for why the shell keeps copies).
const CloseOutlined: IconDefinition = {
  icon: {
    tag: 'svg',
    attrs: { 'fill-rule': 'evenodd', viewBox: '64 64 896 896', focusable: 'false' },
    children: [
      {
        tag: 'path',
        attrs: {
          d: 'M799.86 166.31c.02 0 .04.02.08.06l57.69 57.7c.04.03.05.05.06.08a.12.12 0 010 .06c0 .03-.02.05-.06.09L569.93 512l287.7 287.7c.04.04.05.06.06.09a.12.12 0 010 .07c0 .02-.02.04-.06.08l-57.7 57.69c-.03.04-.05.05-.07.06a.12.12 0 01-.07 0c-.03 0-.05-.02-.09-.06L512 569.93l-287.7 287.7c-.04.04-.06.05-.09.06a.12.12 0 01-.07 0c-.02 0-.04-.02-.08-.06l-57.69-57.7c-.04-.03-.05-.05-.06-.07a.12.12 0 010-.07c0-.03.02-.05.06-.09L454.07 512l-287.7-287.7c-.04-.04-.05-.06-.06-.09a.12.12 0 010-.07c0-.02.02-.04.06-.08l57.7-57.69c.03-.04.05-.05.07-.06a.12.12 0 01.07 0c.03 0 .05.02.09.06L512 454.07l287.7-287.7c.04-.04.06-.05.09-.06a.12.12 0 01.07 0z',
        },
      },
    ],
  },
  name: 'close',
  theme: 'outlined',
};

/**
 * The menu on a phone: a panel over the page with a veil behind it. It closes on navigation (the
 * layout closes it when the location changes, and a click on a link closes it even when the link
 * is the current page), on Escape and on a tap on the veil; focus moves into it and back.
 */
export default function MenuDrawer({
  onClose,
  brand,
  children,
}: {
  onClose(): void;
  brand: ReactNode;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (e.key === 'Tab' && panel.current) {
        // Focus stays inside the panel while it is open.
        const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button, [tabindex="0"]')].filter(
          (el) => el.offsetParent !== null,
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, [onClose]);
  return (
    <>
      <div className="drawer-mask" onClick={onClose} aria-hidden="true" />
      <div
        className="shell-drawer"
        role="dialog"
        aria-modal="true"
        aria-label="Menu utama"
        tabIndex={-1}
        ref={panel}
        data-testid="menu-drawer"
        onClick={(e) => (e.target as HTMLElement).closest('a') && onClose()}
      >
        <div className="drawer-head">
          {brand}
          <button type="button" className="btn-text" aria-label="Tutup menu" onClick={onClose}>
            <SvgIcon icon={CloseOutlined} />
          </button>
        </div>
        <nav aria-label="Menu utama">{children}</nav>
      </div>
    </>
  );
}
