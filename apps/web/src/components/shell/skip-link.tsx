import type { MouseEvent } from 'react';
import classes from './shell.module.css';

/** id of the <main> the skip link leads to (give it tabIndex -1 so it can take focus). */
export const MAIN_CONTENT_ID = 'main-content';
export const SKIP_LINK_TEXT = 'Skip to main content';

/**
 * WCAG 2.4.1 bypass block: the first Tab stop of a page with a header and menu, hidden until it
 * has focus. Focus is moved by script as well as by the fragment, so the next Tab continues inside
 * <main> and the URL (which routes read) is left alone.
 */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={onClick}>
      {SKIP_LINK_TEXT}
    </a>
  );
}
