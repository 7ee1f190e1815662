import { act, render, screen } from '@testing-library/react';
import { lazyPage } from './lazy-page';

function Agenda() {
  return <h1>Agenda</h1>;
}

describe('lazyPage', () => {
  it('downloads the page once, when first asked for, and renders it once it is there', async () => {
    let resolve!: (page: typeof Agenda) => void;
    const load = jest.fn(() => new Promise<typeof Agenda>((ok) => (resolve = ok)));
    const page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();

    const ready = page.ready?.();
    expect(page.ready?.()).toBe(ready);
    expect(load).toHaveBeenCalledTimes(1);

    render(<>{page.element}</>);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await act(async () => resolve(Agenda));
    expect(screen.getByRole('heading', { name: 'Agenda' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once a page whose code arrived before the first render', async () => {
    const page = lazyPage(() => Promise.resolve(Agenda));
    await act(async () => {
      await page.ready?.();
    });
    render(<>{page.element}</>);
    expect(screen.getByRole('heading', { name: 'Agenda' })).toBeInTheDocument();
  });
});
