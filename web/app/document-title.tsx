import { useEffect } from 'react';

/** What the browser tab says when the page has no h1 of its own. */
const APP = 'Sidasek';

function titleOf(root: HTMLElement): string {
  const h1 = root.querySelector('main h1') ?? root.querySelector('h1');
  const text = h1?.textContent?.replace(/\s+/g, ' ').trim();
  return text ? `${text} · ${APP}` : APP;
}

/**
 * Every page names its browser tab after its one h1 ("Arsip KGB · Sidasek"), so tabs, history and
 * screen readers tell pages apart. Watches the app's tree, as screens load lazily and change their
 * heading; a page that sets its own title on purpose keeps it while its h1 says the same.
 */
export function DocumentTitle() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = titleOf(root);
      if (document.title !== next) document.title = next;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    const observer = new MutationObserver(schedule);
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
