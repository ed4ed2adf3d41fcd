import '../data-table/test-setup';
import '@testing-library/jest-dom/vitest';
import { MantineProvider, Modal } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MountWhenOpened } from './mount-when-opened';

afterEach(cleanup);

describe('MountWhenOpened', () => {
  it('renders nothing until first opened, then keeps the dialog mounted while it closes', () => {
    const { rerender } = render(
      <MountWhenOpened opened={false}>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.queryByText('dialog')).not.toBeInTheDocument();
    rerender(
      <MountWhenOpened opened>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
    rerender(
      <MountWhenOpened opened={false}>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });

  it('renders at once when it starts opened', () => {
    render(
      <MountWhenOpened opened>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });
});

describe('MountWhenOpened and focus', () => {
  function Page() {
    const [opened, setOpened] = useState(false);
    return (
      <MantineProvider env="test">
        <button type="button" onClick={() => setOpened(true)}>
          Edit Ada
        </button>
        <MountWhenOpened opened={opened}>
          <Modal opened={opened} onClose={() => setOpened(false)} title="Edit">
            <button type="button">Save</button>
          </Modal>
        </MountWhenOpened>
      </MantineProvider>
    );
  }

  it('gives focus back to the button that opened it, the first time it closes as after every later one', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit Ada' });
    for (const time of ['first', 'second']) {
      opener.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(opener, `${time} close`).toHaveFocus());
    }
  });

  it('gives focus back too when it was mounted already open (the alert host, loaded on the first alert)', async () => {
    const user = userEvent.setup();
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    function Alert({ opened }: { opened: boolean }) {
      return (
        <MantineProvider env="test">
          <MountWhenOpened opened={opened}>
            <Modal opened={opened} onClose={() => undefined} title="Delete?">
              <button type="button">Yes</button>
            </Modal>
          </MountWhenOpened>
        </MantineProvider>
      );
    }
    const { rerender } = render(<Alert opened />);
    const dialog = await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    rerender(<Alert opened={false} />);
    await waitFor(() => expect(opener).toHaveFocus());
    opener.remove();
  });

  it('leaves focus alone when the opener is gone', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { rerender } = render(
      <MountWhenOpened opened>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    opener.remove();
    rerender(
      <MountWhenOpened opened={false}>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(document.body);
  });
});
