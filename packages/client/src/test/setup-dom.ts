// What both apps' component tests ask of jsdom (each app's test/setup-dom.ts imports it first).
import { cleanup, configure } from '@testing-library/react';
import i18next, { type InitOptions } from 'i18next';
import { afterEach, expect } from 'vitest';

// jsdom has <dialog> but not its modal methods: open and close it as a browser would, without the top layer
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// no raw key reaches a screen: a text a component asks for that no loaded file holds fails the test (a key built
// from a value the server names carries its defaultValue, which is what shows)
const missing: string[] = [];
const init = i18next.init.bind(i18next);
i18next.init = ((options: InitOptions, callback?: never) =>
  init(
    {
      ...options,
      saveMissing: true,
      missingKeyHandler: (_lngs, ns, key, _fallback, _update, opts?: { defaultValue?: unknown }) => {
        if (opts?.defaultValue === undefined) missing.push(`${ns}:${key}`);
      },
    },
    callback,
  )) as typeof i18next.init;

afterEach(() => {
  cleanup();
  const seen = [...new Set(missing.splice(0))];
  expect(seen, 'texts asked for that no locale file holds').toEqual([]);
});

// the first render of a file pays for the app's imports, and CI machines are busy: wait longer than a second
configure({ asyncUtilTimeout: 5000 });
