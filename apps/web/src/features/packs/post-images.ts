import { POST_IMAGE_MAX_BYTES, POST_MAX_IMAGES } from '@gacha/contract/board';

/**
 * The images of a new board post, checked in the browser before anything is sent (spec §5: at most 3; DOMAIN.md
 * board: 5 MB each, JPEG/PNG/WebP/GIF — the server decodes each and has the last word, per image).
 */

/** The types the server reads; a file whose type the browser does not know is left to the server. */
export const POST_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** An image chosen for a post: the file read as a data URL, and its size once the preview has decoded it. */
export interface PickedImage {
  key: string;
  name: string;
  bytes: number;
  dataUrl: string;
  width?: number;
  height?: number;
}

/** Catalogue keys of what is refused before sending. */
export type PickRefusal = 'post_too_many_images' | 'image_too_large' | 'image_invalid';

interface FileLike {
  name: string;
  size: number;
  type: string;
}

/**
 * Which of the files just chosen can join the `held` images: the first ones that fit the count, each one an image
 * of at most 5 MB. The refusal says why a file was left out (the first reason met, for one message).
 */
export function checkPicked<F extends FileLike>(
  files: readonly F[],
  held: number,
): { accepted: F[]; refusal: PickRefusal | null } {
  const accepted: F[] = [];
  let refusal: PickRefusal | null = null;
  for (const file of files) {
    if (file.type && !(POST_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      refusal ??= 'image_invalid';
    } else if (file.size > POST_IMAGE_MAX_BYTES) {
      refusal ??= 'image_too_large';
    } else if (held + accepted.length >= POST_MAX_IMAGES) {
      refusal ??= 'post_too_many_images';
    } else {
      accepted.push(file);
    }
  }
  return { accepted, refusal };
}

/** The bytes of a base64 data URL, as the server counts them. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1).replace(/\s/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/** The refusal of images about to be sent: too many, or one above 5 MB (a file that changed after it was chosen). */
export function checkHeld(images: readonly PickedImage[]): PickRefusal | null {
  if (images.length > POST_MAX_IMAGES) return 'post_too_many_images';
  if (images.some((i) => dataUrlBytes(i.dataUrl) > POST_IMAGE_MAX_BYTES)) return 'image_too_large';
  return null;
}

/** A file read as a data URL (FileReader). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** 1.2 MB, 830 KB: the size of a chosen file. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
