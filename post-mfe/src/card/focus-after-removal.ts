/**
 * Where focus goes once a post's card leaves the page (its deletion): the next post, else the
 * one before, else the page's <main>. Without this, focus would fall to <body> with the removed
 * card and a keyboard member would start again from the top of the page.
 */

/** The post after `article` in the page (the one before when it is the last), or null. */
export function neighbourPost(article: HTMLElement | null): HTMLElement | null {
  if (!article) return null;
  const all = Array.from(document.querySelectorAll<HTMLElement>('article')).filter(
    (other) => other === article || !article.contains(other),
  );
  const at = all.indexOf(article);
  if (at < 0) return null;
  return all[at + 1] ?? all[at - 1] ?? null;
}

/** True when nothing on the page holds focus: it fell to <body> with a removed or disabled control. */
export function focusWasLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Focuses `preferred` if it is still on the page, else <main>; only when focus was lost (on <body>). */
export function focusInsteadOfRemoved(preferred: HTMLElement | null): void {
  if (!focusWasLost()) return;
  const target = preferred?.isConnected ? preferred : document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}
