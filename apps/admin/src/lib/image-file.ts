/** What the console checks of a picture before sending it (the server checks again and re-encodes). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export type ImageCheck = { ok: true; dataUrl: string } | { ok: false; reason: 'too_large' | 'not_image' };

/** A chosen file as a data URL, or why it is refused. */
export async function readImage(file: File): Promise<ImageCheck> {
  if (!TYPES.includes(file.type)) return { ok: false, reason: 'not_image' };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, reason: 'too_large' };
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
  return { ok: true, dataUrl };
}
