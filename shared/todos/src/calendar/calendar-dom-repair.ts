// FullCalendar names its day headers and day numbers with an aria-label on an <a> without href (a generic
// element, which may not be named), and leaves aria-controls empty on a closed "+N en plus" link. Each name is
// moved to its cell (the column header or the day's grid cell, which may be named), the empty attribute dropped,
// and the "+N en plus" link given the button role its aria-expanded belongs to. Watched, since FullCalendar draws
// again on every change of month, view or events.
export function repairCalendarDom(root: HTMLElement): () => void {
  const repair = () => {
    for (const link of root.querySelectorAll<HTMLAnchorElement>('a:not([href])[aria-label]')) {
      const label = link.getAttribute('aria-label') ?? '';
      link.removeAttribute('aria-label');
      const cell = link.closest('th, td');
      if (cell) {
        // A day cell is otherwise named by its number alone ("12"), through aria-labelledby.
        cell.removeAttribute('aria-labelledby');
        cell.setAttribute('aria-label', label);
      }
    }
    for (const element of root.querySelectorAll('[aria-controls=""]')) element.removeAttribute('aria-controls');
    for (const link of root.querySelectorAll('a.fc-more-link:not([role])')) link.setAttribute('role', 'button');
  };
  repair();
  const observer = new MutationObserver(repair);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label', 'aria-controls'] });
  return () => observer.disconnect();
}
