import '../data-table/test-setup';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AlertRoot } from './alert-dialog';
import { UnsavedChangesBlocker, useUnsavedChanges } from './unsaved-changes';

/** A form that reports itself changed once its button is pressed. */
function Form({ name, lost }: { name: string; lost: string }) {
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty, lost);
  return (
    <button type="button" onClick={() => setDirty(true)}>
      Change {name}
    </button>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <UnsavedChangesBlocker />
          </>
        ),
        children: [
          {
            path: '/locations',
            // Two forms on one screen, as the locations list and its tone sequences panel: the first one is edited.
            element: (
              <>
                <Form name="location" lost="Your location has not been saved." />
                <Form name="sequence" lost="Your tone sequence has not been saved." />
                <Link to="/home">Home</Link>
              </>
            ),
          },
          { path: '/home', element: <p>Home page</p> },
        ],
      },
    ],
    { initialEntries: ['/home', '/locations'], initialIndex: 1 },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
      <AlertRoot />
    </MantineProvider>,
  );
  return router;
}

describe('UnsavedChangesBlocker', () => {
  it("asks before leaving while any form on the screen is changed, not only the last one mounted, in that form's words", async () => {
    const user = userEvent.setup();
    const router = setup();
    await user.click(screen.getByRole('button', { name: 'Change location' }));

    await user.click(screen.getByRole('link', { name: 'Home' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(ask).toHaveTextContent('Your location has not been saved. Leave and lose them?');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/locations');
    expect(screen.queryByText('Home page')).toBeNull();

    // Asking again, Back and Forward, and Discard: e2e/tone-locations.spec.ts, in a browser (under jsdom, React
    // Router's memory history never renders a second block after a reset, with or without this change).
  });

  it('lets the user leave when nothing is changed', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull();
  });
});
