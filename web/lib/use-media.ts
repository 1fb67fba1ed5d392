import { useEffect, useState } from 'react';

/** Whether a media query matches, following changes (antd's Sider breakpoint and Grid.useBreakpoint). */
export function useMedia(query: string, onChange?: (matches: boolean) => void): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const update = () => {
      setMatches(mq.matches);
      onChange?.(mq.matches);
    };
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
    // onChange is read when the query's answer changes; a new function each render is no reason to re-subscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  return matches;
}
