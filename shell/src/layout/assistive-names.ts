// What assistive technology is told about the third-party pieces (antd, FullCalendar), set once for the shell and
// every remote:
// - antd names each icon after its file, in English ('calendar', 'close-circle', 'down'). Every icon of the
//   application stands beside a French label or inside a button named in French, so every icon is decorative and
//   hidden from screen readers. FullCalendar's arrow icons too (their buttons carry 'Précédent' and 'Suivant').
// - A select's clear button is a mouse shortcut (the keyboard changes the choice in the list itself): it is named
//   in French and kept out of the Tab order, where it was one more stop after each filled select.
// - The pagination's arrows are buttons with an icon only, and its jumps over several pages links showing only
//   "•••": named in French.
// - A table's measure row is hidden from assistive technology by antd; what it holds must not take the focus either.
// - In the calendar, "+N en plus" opens the day's todos as a button does (FullCalendar gives a link without an
//   address the state of a button), and a day's cell is named by its content, not by its number alone.
const CLEAR_LABEL = 'Effacer la sélection';
const pageArrows: Array<[string, string]> = [
  ['ant-pagination-prev', 'Page précédente'],
  ['ant-pagination-next', 'Page suivante'],
  ['ant-pagination-jump-prev', 'Pages précédentes'],
  ['ant-pagination-jump-next', 'Pages suivantes'],
];

// Every element this file may adjust, found in one walk of an added subtree (a month of the calendar adds
// thousands of elements at once).
const adjusted = [
  'anticon',
  'fc-icon',
  'ant-select-clear',
  'ant-pagination-item-link',
  'ant-table-measure-row',
  'fc-more-link',
  'fc-daygrid-day',
];
const adjustedSelector = adjusted.map((className) => `.${className}`).join(', ');

function set(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

// One element, by what it is.
function adjustElement(element: Element) {
  const classes = element.classList;
  if (classes.contains('anticon') || classes.contains('fc-icon')) set(element, 'aria-hidden', 'true');
  if (classes.contains('ant-select-clear')) {
    set(element, 'aria-label', CLEAR_LABEL);
    set(element, 'tabindex', '-1');
  }
  if (classes.contains('ant-pagination-item-link')) {
    const arrow = pageArrows.find(([className]) => element.closest(`.${className}`) !== null);
    if (arrow) set(element, 'aria-label', arrow[1]);
  }
  if (classes.contains('ant-table-measure-row') && !element.hasAttribute('inert')) element.setAttribute('inert', '');
  if (classes.contains('fc-more-link')) set(element, 'role', 'button');
  if (classes.contains('fc-daygrid-day') && element.hasAttribute('aria-labelledby'))
    element.removeAttribute('aria-labelledby');
}

function adjust(root: Element) {
  if (root.matches(adjustedSelector)) adjustElement(root);
  for (const element of root.querySelectorAll(adjustedSelector)) adjustElement(element);
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
      // The libraries set their own attributes again when they render an element anew: only that element changed.
      if (record.type === 'attributes' && record.target instanceof Element) adjustElement(record.target);
    }
  }).observe(document.body, {
    childList: true,
    subtree: true,
    attributeFilter: ['aria-label', 'tabindex', 'aria-hidden', 'aria-labelledby', 'role'],
  });
}
