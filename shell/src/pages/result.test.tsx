import { render, screen } from '@testing-library/react';

// The status and error screens say what they say, with their buttons, even when antd's Result cannot be fetched
// (the application's files unreachable, or gone after a release).
describe('Result', () => {
  afterEach(() => jest.resetModules());

  async function renderResult() {
    const { Result } = await import('./result');
    render(
      <Result status="warning" title="Ce module est momentanément indisponible" extra={<button>Réessayer</button>} />,
    );
  }

  it('shows antd’s Result once it is loaded', async () => {
    await renderResult();
    expect(await screen.findByText('Ce module est momentanément indisponible')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(document.querySelector('.ant-result-icon')).not.toBeNull();
  });

  it('shows the same texts and buttons when antd’s Result cannot be fetched', async () => {
    jest.doMock('antd/es/result', () => {
      throw new Error('Loading chunk failed');
    });
    await renderResult();
    expect(await screen.findByText('Ce module est momentanément indisponible')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(document.querySelector('.ant-result-icon')).toBeNull();
  });
});
