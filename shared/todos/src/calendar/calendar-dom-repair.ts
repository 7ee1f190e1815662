// FullCalendar names its day headers and day numbers with an aria-label on an <a> without href (a generic
// element, which may not be named), and leaves aria-controls empty on a closed "+N en plus" link. A header's name
// is moved to its column header (which may be named), a day number's dropped, the empty attribute dropped,
// and the "+N en plus" link given the button role its aria-expanded belongs to. Watched, since FullCalendar draws
// again on every change of month, view or events.
export function repairCalendarDom(root: HTMLElement): () => void {
  const repair = () => {
    for (const link of root.querySelectorAll<HTMLAnchorElement>('a:not([href])[aria-label]')) {
      const label = link.getAttribute('aria-label') ?? '';
      link.removeAttribute('aria-label');
      // A column header takes the full name. A day cell keeps the name FullCalendar gives it through
      // aria-labelledby, its number as shown ("12", "1 déc."): a grid cell is named from its content, and a name
      // that leaves out what the cell shows misleads a voice user.
      const header = link.closest('th');
      if (header) header.setAttribute('aria-label', label);
    }
    for (const element of root.querySelectorAll('[aria-controls=""]')) element.removeAttribute('aria-controls');
    for (const link of root.querySelectorAll('a.fc-more-link:not([role])')) link.setAttribute('role', 'button');
  };
  repair();
  const observer = new MutationObserver(repair);
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label', 'aria-controls'],
  });
  return () => observer.disconnect();
}
