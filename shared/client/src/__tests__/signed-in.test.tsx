import { act, render, screen } from '@testing-library/react';
import { session } from '../session';
import { useSignedIn } from '../user';

// Every answer brings a fresh token: what only asks whether a session exists must not draw again for each one
// (the shell's whole tree hangs under such a component).
it('renders again when the session starts or ends, not when its token is refreshed', () => {
  let renders = 0;
  function Probe() {
    renders += 1;
    return <span>{useSignedIn() ? 'connecté' : 'déconnecté'}</span>;
  }
  session.clear();
  render(<Probe />);
  expect(screen.getByText('déconnecté')).toBeInTheDocument();
  act(() => session.setToken('first'));
  expect(screen.getByText('connecté')).toBeInTheDocument();
  const afterLogin = renders;
  act(() => session.setToken('second'));
  act(() => session.setToken('third'));
  expect(renders).toBe(afterLogin);
  act(() => session.clear());
  expect(screen.getByText('déconnecté')).toBeInTheDocument();
});
