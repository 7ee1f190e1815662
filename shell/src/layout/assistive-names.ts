// What assistive technology is told about the third-party pieces (antd, FullCalendar), set once for the shell and
// every remote:
// - antd names each icon after its file, in English ('calendar', 'close-circle', 'down'). Every icon of the
//   application stands beside a French label or inside a button named in French, so every icon is decorative and
//   hidden from screen readers. FullCalendar's arrow icons too (their buttons carry 'Précédent' and 'Suivant').
// - A select's clear button is a mouse shortcut (the keyboard changes the choice in the list itself): it is named
//   in French and kept out of the Tab order, where it was one more stop after each filled select.
// - The pagination's arrows are buttons with an icon only: named in French.
// - A table's measure row is hidden from assistive technology by antd; what it holds must not take the focus either.
// - In the calendar, "+N en plus" opens the day's todos as a button does (FullCalendar gives a link without an
//   address the state of a button), and a day's cell is named by its content, not by its number alone.
const CLEAR_LABEL = 'Effacer la sélection';
const pageArrows: Array<[string, string]> = [
  ['ant-pagination-prev', 'Page précédente'],
  ['ant-pagination-next', 'Page suivante'],
];

function within(root: Element, className: string): Element[] {
  return root.classList.contains(className) ? [root] : [...root.getElementsByClassName(className)];
}

function set(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

function adjust(root: Element) {
  for (const className of ['anticon', 'fc-icon']) for (const icon of within(root, className)) set(icon, 'aria-hidden', 'true');
  for (const clear of within(root, 'ant-select-clear')) {
    set(clear, 'aria-label', CLEAR_LABEL);
    set(clear, 'tabindex', '-1');
  }
  for (const [className, label] of pageArrows) {
    for (const item of within(root, className)) for (const button of item.getElementsByClassName('ant-pagination-item-link')) set(button, 'aria-label', label);
  }
  for (const row of within(root, 'ant-table-measure-row')) if (!row.hasAttribute('inert')) row.setAttribute('inert', '');
  for (const more of within(root, 'fc-more-link')) set(more, 'role', 'button');
  for (const cell of within(root, 'fc-daygrid-day')) if (cell.hasAttribute('aria-labelledby')) cell.removeAttribute('aria-labelledby');
}

let watching = false;

// From the first render on: these elements come and go with every page, dialog, list and month.
export function watchAssistiveNames() {
  if (watching || typeof MutationObserver === 'undefined') return;
  watching = true;
  adjust(document.body);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) adjust(node);
      // The libraries set their own attributes again when they render an element anew.
      if (record.type === 'attributes' && record.target instanceof Element) adjust(record.target);
    }
  }).observe(document.body, { childList: true, subtree: true, attributeFilter: ['aria-label', 'tabindex', 'aria-hidden', 'aria-labelledby', 'role'] });
}
