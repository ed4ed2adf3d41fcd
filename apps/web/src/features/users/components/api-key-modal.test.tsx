import '../../../components/data-table/test-setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../components/data-table/test-utils';
import { ApiKeyModal } from './api-key-modal';

describe('ApiKeyModal', () => {
  it('shows the key once with a copy button and the warning', async () => {
    const onClose = vi.fn();
    renderWithMantine(<ApiKeyModal issued={{ userName: 'Bo Berg', apiKey: 'ck_secret' }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    expect(dialog).toHaveTextContent('This key will not be shown again.');
    expect(screen.getByRole('textbox', { name: 'API key' })).toHaveValue('ck_secret');
    expect(screen.getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('renders nothing without a key', () => {
    renderWithMantine(<ApiKeyModal issued={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
