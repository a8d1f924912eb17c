// What both apps' component tests ask of jsdom (each app's test/setup-dom.ts imports it first).
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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

afterEach(() => cleanup());

// the first render of a file pays for the app's imports, and CI machines are busy: wait longer than a second
configure({ asyncUtilTimeout: 5000 });
