import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { fakeApi } from '../../../test/fake-api.ts';
import { loadI18n, renderAt } from '../../../test/render.tsx';
import { HowToPlay } from './how-to-play.tsx';

/** The How to play tab: src/content/how-to-play.<lang>.md under the Top page's title (its headings one level down). */

beforeAll(() => loadI18n('en'));

describe('How to play', () => {
  it.each([
    ['en', 'How to Play', ['Silver', '200,001-500,000', '3%', '500']],
    ['ja', '遊び方', ['シルバー', '200,001-500,000', '3%', '500']],
  ] as const)(
    '%s: the page as h2 and its sections, the rank table of spec §1',
    async (lang, title, silver) => {
      await i18next.changeLanguage(lang);
      const api = fakeApi({});
      const { container } = renderAt('/', { '/': <HowToPlay /> });
      const heading = await screen.findByRole('heading', { level: 2, name: title });
      expect(heading.id).toBe('title');
      expect(container.querySelectorAll('h3')).toHaveLength(6);
      const row = within(screen.getByRole('table')).getAllByRole('row')[3]!;
      expect(
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(silver);
      expect(container.textContent).not.toMatch(/\{\{|\{#/);
      // nothing to fill in: no call for the seller's details
      expect(api.calls).toEqual([]);
      await i18next.changeLanguage('en');
    },
  );
});
