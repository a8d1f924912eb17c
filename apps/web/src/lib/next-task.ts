/**
 * Resolves in a new task: what the browser has waiting (a tap, a frame, a network answer) runs first. The app's
 * start is cut into such pieces, each short, so that a phone is never unresponsive for long while it starts.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
