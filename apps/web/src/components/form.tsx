import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form.module.css';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** Label, control, hint and the first error of a field, wired for screen readers. */
export function FieldShell({ id, label, required, hint, error, children, className }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        <span>{label}</span>
        {required ? (
          <span className={styles.required}>{t('form.required')}</span>
        ) : (
          <span className={styles.optional}>{t('form.optional')}</span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  className?: string;
};

export function TextField({ label, error, hint, required, className, ref, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <input
        {...input}
        ref={ref}
        id={id}
        className={`${styles.input} ${error ? styles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, required, className, ref, ...input }: InputProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const { t } = useTranslation();
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <div className={styles.passwordWrap}>
        <input
          {...input}
          ref={ref}
          id={id}
          type={shown ? 'text' : 'password'}
          className={`${styles.input} ${styles.passwordInput} ${error ? styles.invalid : ''}`}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? t('form.hidePassword') : t('form.showPassword')}
        >
          {shown ? (
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.2A9.6 9.6 0 0 1 12 5c5 0 9 5 10 7a15 15 0 0 1-3 3.8M6.2 6.2C4 7.7 2.6 10 2 12c1 2 5 7 10 7 1.7 0 3.3-.5 4.6-1.3" />
            </svg>
          ) : (
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M2 12c1-2 5-7 10-7s9 5 10 7c-1 2-5 7-10 7S3 14 2 12z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
          )}
        </button>
      </div>
    </FieldShell>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
  className?: string;
};

/** A multi-line text field (a comment); the same label, hint and error wiring as TextField. */
export function TextAreaField({ label, error, hint, required, className, ref, ...textarea }: TextAreaProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea
        {...textarea}
        ref={ref}
        id={id}
        className={`${styles.input} ${styles.textarea} ${error ? styles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
  children: ReactNode;
};

export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  ref,
  children,
  ...select
}: SelectProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <div className={styles.selectWrap}>
        <select
          {...select}
          ref={ref}
          id={id}
          className={`${styles.input} ${styles.select} ${error ? styles.invalid : ''}`}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, hint, error)}
        >
          {children}
        </select>
      </div>
    </FieldShell>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

export function Checkbox({ label, error, ref, className, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={styles.checkbox}>
        <input
          {...input}
          ref={ref}
          id={id}
          type="checkbox"
          className={styles.checkboxInput}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span className={styles.checkboxBox} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="16" height="16">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <span className={styles.checkboxLabel}>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message box above a form (server messages, query-flag messages). */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'info' | 'success';
  children: ReactNode;
}) {
  return (
    <div
      className={`${styles.alert} ${styles[`alert_${tone}`]}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
