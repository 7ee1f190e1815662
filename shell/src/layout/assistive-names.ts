// What assistive technology is told about antd's own pieces, set once for the shell and every remote:
// - antd names each icon after its file, in English ('calendar', 'close-circle', 'down'). Every icon of the
//   application stands beside a French label or inside a button named in French, so every icon is decorative and
//   hidden from screen readers.
// - A select's clear button is a mouse shortcut (the keyboard changes the choice in the list itself): it is named
//   in French and kept out of the Tab order, where it was one more stop after each filled select.
const CLEAR_LABEL = 'Effacer la sélection';

function adjust(root: Element) {
  const icons = root.classList.contains('anticon') ? [root] : [...root.getElementsByClassName('anticon')];
  for (const icon of icons) if (icon.getAttribute('aria-hidden') !== 'true') icon.setAttribute('aria-hidden', 'true');
  const clears = root.classList.contains('ant-select-clear') ? [root] : [...root.getElementsByClassName('ant-select-clear')];
  for (const clear of clears) {
    if (clear.getAttribute('aria-label') !== CLEAR_LABEL) clear.setAttribute('aria-label', CLEAR_LABEL);
    if (clear.getAttribute('tabindex') !== '-1') clear.setAttribute('tabindex', '-1');
  }
}

let watching = false;

// From the first render on: antd's elements come and go with every page, dialog and list.
export function watchAssistiveNames() {
  if (watching || typeof MutationObserver === 'undefined') return;
  watching = true;
  adjust(document.body);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) adjust(node);
      // antd sets the clear button's own label when it renders it again.
      if (record.type === 'attributes' && record.target instanceof Element) adjust(record.target);
    }
  }).observe(document.body, { childList: true, subtree: true, attributeFilter: ['aria-label', 'tabindex', 'aria-hidden'] });
}
