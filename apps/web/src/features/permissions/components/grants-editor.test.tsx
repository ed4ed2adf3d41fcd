import '../../../components/data-table/test-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../components/data-table/test-utils';
import { EMPTY_GRANTS, type Grants } from '../logic/grants-matrix';
import { derivePreview } from '../logic/preview';
import { index } from '../logic/test-catalogue';
import { GrantsEditor } from './grants-editor';
import { RolePreview } from './role-preview';

/** The matrix and the preview wired as the screen wires them, from one unsaved selection. */
function Harness() {
  const [grants, setGrants] = useState<Grants>(EMPTY_GRANTS);
  const previews = useMemo(() => derivePreview(grants, index), [grants]);
  return (
    <>
      <GrantsEditor index={index} grants={grants} onChange={setGrants} readOnly={false} />
      <RolePreview roleName="Reviewers" previews={previews} superAdmin={false} />
    </>
  );
}

describe('GrantsEditor with the preview', () => {
  it('a chosen menu grants its module and shows in the real sidebar; unticking the module clears it', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    const menus = screen.getByRole('group', { name: 'Menus per module' });
    const demo = screen.getByRole('group', { name: 'Demo Admin module' });
    const moduleBox = within(demo).getByRole('checkbox', { name: /Demo Admin module/ });
    expect(moduleBox).not.toBeChecked();

    await user.click(within(menus).getByRole('checkbox', { name: 'Clients' }));
    await user.click(within(menus).getByRole('checkbox', { name: 'Demo Media' }));
    await user.click(within(demo).getByRole('checkbox', { name: 'View (clients.view)' }));
    expect(moduleBox).toBeChecked();

    const sidebar = screen.getByRole('group', { name: 'Sidebar of Demo Admin as this role sees it' });
    expect(within(sidebar).getByText('Clients')).toBeInTheDocument();
    expect(within(sidebar).getByText('Demo Media')).toBeInTheDocument();
    expect(within(sidebar).queryByText('Campaign Media')).toBeNull();
    // A picture of the sidebar: following a link would leave the unsaved screen.
    expect(within(sidebar).queryAllByRole('link')).toHaveLength(0);
    // ...and the buttons the role gets: the clients.view key.
    expect(within(screen.getByRole('region', { name: 'View as this role' })).getByTitle('clients.view')).toHaveTextContent('View');

    await user.click(moduleBox);
    expect(within(menus).getByRole('checkbox', { name: 'Clients' })).not.toBeChecked();
    expect(within(demo).getByRole('checkbox', { name: 'View (clients.view)' })).not.toBeChecked();
    expect(screen.getByText(/see no module cards/)).toBeInTheDocument();
  });

  it('a group select-all ticks every key of the group', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    const profile = screen.getByRole('group', { name: 'Profile module' });
    await user.click(within(profile).getByRole('checkbox', { name: 'Select all User Sessions keys' }));
    for (const key of ['view', 'view-all', 'revoke', 'revoke-any', 'export']) {
      expect(within(profile).getByRole('checkbox', { name: new RegExp(`\\(user-sessions\\.${key}\\)`) })).toBeChecked();
    }
    expect(within(profile).getByRole('checkbox', { name: /Profile module/ })).toBeChecked();
  });
});
