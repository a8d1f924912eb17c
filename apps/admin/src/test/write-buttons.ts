import { screen } from '@testing-library/react';

/** Buttons that only read or move around: the frame's, the print page's, a dialog's close. */
const READING = /^(Menu|EN|日本語|English|Sign out|First|Previous|Next|Last|Print|×|Close)$/;

/**
 * The enabled buttons on screen that could write something: not the frame's, not a list's search, filters,
 * sort headers or pager (they only change what is shown), not a disabled one.
 */
export function enabledWriteButtons(): string[] {
  return screen
    .queryAllByRole('button')
    .filter(
      (b) =>
        !(b as HTMLButtonElement).disabled &&
        !b.closest('fieldset:disabled') &&
        !b.classList.contains('sort-button') &&
        !b.closest('form[role="search"]') &&
        !b.closest('nav'),
    )
    .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim())
    .filter((name) => !READING.test(name));
}
