import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readImage } from '../lib/image-file.ts';
import styles from './image-upload.module.css';

/**
 * Whether the browser can draw the picture (a file named .png that is not one is refused here; the server checks
 * again). Where decoding cannot be tried (no Image.decode), the server's check stands alone.
 */
async function decodes(dataUrl: string): Promise<boolean> {
  if (typeof Image === 'undefined' || typeof Image.prototype.decode !== 'function') return true;
  const img = new Image();
  img.src = dataUrl;
  try {
    await img.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * A picture to upload: a file input, the current picture and the chosen one side by side. The chosen file is
 * checked (type, 5 MB) and handed over as a data URL (the server decodes, checks and re-encodes it); '' keeps the
 * current picture. `error` is the form's message for the field (the server's, in the staff member's language).
 */
export function ImageUpload({
  name,
  label,
  hint,
  current,
  value,
  onChange,
  error,
  disabled,
  aspect = 'wide',
}: {
  name: string;
  label: string;
  hint?: string;
  /** The stored picture's URL ('' for none). */
  current: string;
  /** The chosen picture as a data URL ('' for none). */
  value: string;
  onChange: (dataUrl: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  aspect?: 'wide' | 'phone';
}) {
  const { t } = useTranslation('shop');
  const id = useId();
  const [ownError, setOwnError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const shown = ownError ?? error;
  const described = [hint ? `${id}-hint` : '', shown ? `${id}-error` : ''].filter(Boolean).join(' ');

  const pick = async (file: File | undefined) => {
    setOwnError(null);
    if (!file) return;
    const checked = await readImage(file);
    if (!checked.ok || !(await decodes(checked.dataUrl))) {
      onChange('');
      setOwnError(checked.ok || checked.reason !== 'too_large' ? t('image.notImage') : t('image.tooLarge'));
      return;
    }
    onChange(checked.dataUrl);
  };

  return (
    <div className={`field ${styles.upload}`}>
      <label htmlFor={id}>{label}</label>
      <input
        key={inputKey}
        id={id}
        name={name}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={disabled}
        aria-invalid={!!shown}
        {...(described ? { 'aria-describedby': described } : {})}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {shown ? (
        <p className="field-error" id={`${id}-error`}>
          {shown}
        </p>
      ) : null}
      <div className={styles.pictures}>
        {current || !value ? (
          <figure>
            {current ? (
              <img className={styles[aspect]} src={current} alt={t('image.current')} />
            ) : (
              <div className={`${styles[aspect]} ${styles.none}`}>{t('image.none')}</div>
            )}
            <figcaption>{t('image.current')}</figcaption>
          </figure>
        ) : null}
        {value ? (
          <figure>
            <img className={styles[aspect]} src={value} alt={t('image.chosen')} />
            <figcaption>
              {t('image.chosen')}{' '}
              <button
                type="button"
                className="button-link"
                disabled={disabled}
                onClick={() => {
                  onChange('');
                  setOwnError(null);
                  setInputKey((k) => k + 1);
                }}
              >
                {current ? t('image.keep') : t('image.remove')}
              </button>
            </figcaption>
          </figure>
        ) : null}
      </div>
    </div>
  );
}
