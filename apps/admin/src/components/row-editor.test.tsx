import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cardTypes } from '../test/card-type-fixture.ts';
import { fakeApi, meAs } from '../test/fake-api.ts';
import { renderConsole } from '../test/render.tsx';

/**
 * A list whose rows open in a modal form (the card types page as its example): a save shuts the modal and says
 * what it did above the list; an edit leaves that notice, a new one clears it.
 */
describe('a list edited in a modal', () => {
  it('saves a row, says so, and keeps the notice until a new one is started', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET admin/me': () => meAs('operator'),
      'GET admin/card-types': () => cardTypes(),
      'POST admin/card-types/2': () => ({ id: 2 }),
    });
    await renderConsole('/card-types');
    const notice = () => screen.getByText('#2 saved.').closest('[role="status"]');

    await user.click(await screen.findByRole('button', { name: 'Edit Pokémon' }));
    const dialog = screen.getByRole('dialog', { name: 'Card type 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST admin/card-types/2')).toHaveLength(1);
    expect(notice()).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Pokémon' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notice()).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New card type' }));
    expect(screen.getByRole('dialog', { name: 'New card type' })).toBeTruthy();
    expect(screen.queryByText('#2 saved.')).toBeNull();
  });
});
