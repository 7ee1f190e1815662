import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { trackPromise } from './track-promise';
import { usePromise } from './use-promise';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Erreur : {this.state.error.message}</p> : this.props.children;
  }
}

function Shows({ promise }: { promise: Promise<string> }) {
  const value = usePromise(promise);
  return <p>{value ?? 'Chargement…'}</p>;
}

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('usePromise', () => {
  it('shows nothing while the promise is pending, then its value', async () => {
    const { promise, resolve } = deferred();
    render(<Shows promise={promise} />);
    expect(screen.getByText('Chargement…')).toBeInTheDocument();
    await act(async () => resolve('Calendrier'));
    expect(screen.getByText('Calendrier')).toBeInTheDocument();
  });

  it('gives a settled value on the first render', async () => {
    const { promise, resolve } = deferred();
    const first = render(<Shows promise={promise} />);
    await act(async () => resolve('Déjà là'));
    first.unmount();
    render(<Shows promise={promise} />);
    expect(screen.getByText('Déjà là')).toBeInTheDocument();
  });

  it('gives the value on the first render of a promise followed since it was made', async () => {
    const { promise, resolve } = deferred();
    trackPromise(promise);
    await act(async () => resolve('Téléchargé avant le rendu'));
    const renders: string[] = [];
    function Records() {
      const value = usePromise(promise);
      renders.push(value ?? 'en attente');
      return <p>{value}</p>;
    }
    render(<Records />);
    expect(renders).toEqual(['Téléchargé avant le rendu']);
  });

  it('throws a failure to the nearest error boundary', async () => {
    const { promise, reject } = deferred();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Shows promise={promise} />
      </Boundary>,
    );
    await act(async () => reject(new Error('module indisponible')));
    expect(screen.getByText('Erreur : module indisponible')).toBeInTheDocument();
  });
});
