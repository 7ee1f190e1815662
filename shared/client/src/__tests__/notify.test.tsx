import { errorText } from '@bo/contracts';
import { act, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify/unstyled';
import { ApiRequestError } from '../errors';
import { notifyError } from '../notify';

// The error toast ends with the failed call's id, which the API writes on its log lines: a user reading it out
// leads the operator to the request.
it('ends an error toast with the reference of the call that failed, the catalogue text before it', async () => {
  render(<ToastContainer />);
  act(() => notifyError(new ApiRequestError([{ message: 'forbidden' }], 403, '7F3K2')));
  expect(await screen.findByText(`${errorText('forbidden')} — Réf. 7F3K2`)).toBeInTheDocument();
});

it('shows the catalogue text alone for an error that no call reported', async () => {
  render(<ToastContainer />);
  act(() => notifyError(new Error('a bug')));
  expect(await screen.findByText(errorText('error'))).toBeInTheDocument();
  expect(screen.queryByText(/Réf\./)).toBeNull();
});
