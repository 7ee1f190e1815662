import { watchAssistiveNames } from './assistive-names';

// MutationObserver callbacks run as microtasks.
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function add(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder;
}

describe('assistive names of the third-party pieces', () => {
  beforeAll(() => {
    add('<span class="anticon" id="at-start"></span>');
    watchAssistiveNames();
  });

  it('names what is there from the start', () => {
    expect(document.getElementById('at-start')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('names an added subtree, its root and its descendants', async () => {
    const holder = add(`
      <span class="fc-icon" id="icon"></span>
      <span class="ant-select-clear" id="clear"></span>
      <ul><li class="ant-pagination-prev"><button class="ant-pagination-item-link" id="prev"></button></li>
          <li class="ant-pagination-next"><button class="ant-pagination-item-link" id="next"></button></li>
          <li class="ant-pagination-jump-prev"><a class="ant-pagination-item-link" href="?page=1" id="jump-prev"></a></li>
          <li class="ant-pagination-jump-next"><a class="ant-pagination-item-link" href="?page=11" id="jump-next"></a></li></ul>
      <table><tbody><tr class="ant-table-measure-row" id="measure"></tr></tbody></table>
      <a class="fc-more-link" id="more">+3 en plus</a>
      <div class="fc-daygrid-day" id="day" aria-labelledby="x"></div>`);
    const link = document.createElement('a');
    link.className = 'fc-more-link';
    holder.append(link);
    await settled();
    const attribute = (id: string, name: string) => document.getElementById(id)?.getAttribute(name);
    expect(attribute('icon', 'aria-hidden')).toBe('true');
    expect(attribute('clear', 'aria-label')).toBe('Effacer la sélection');
    expect(attribute('clear', 'tabindex')).toBe('-1');
    expect(attribute('prev', 'aria-label')).toBe('Page précédente');
    expect(attribute('next', 'aria-label')).toBe('Page suivante');
    expect(attribute('jump-prev', 'aria-label')).toBe('Pages précédentes');
    expect(attribute('jump-next', 'aria-label')).toBe('Pages suivantes');
    expect(document.getElementById('measure')?.hasAttribute('inert')).toBe(true);
    expect(attribute('more', 'role')).toBe('button');
    expect(link.getAttribute('role')).toBe('button');
    expect(document.getElementById('day')?.hasAttribute('aria-labelledby')).toBe(false);
  });

  it('sets a name again when a library puts its own back', async () => {
    const holder = add('<span class="ant-select-clear" id="again"></span>');
    await settled();
    const clear = holder.querySelector('#again') as HTMLElement;
    clear.setAttribute('aria-label', 'close-circle');
    clear.setAttribute('tabindex', '0');
    await settled();
    expect(clear.getAttribute('aria-label')).toBe('Effacer la sélection');
    expect(clear.getAttribute('tabindex')).toBe('-1');
  });
});
