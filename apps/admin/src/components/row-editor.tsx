import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowData } from '@tanstack/react-table';
import type { Columns } from './data-table.tsx';
import { Modal } from './modal.tsx';

/**
 * A console list whose rows are added and changed in a modal form (card types, gem price courses, campaigns,
 * exchange cards, coupons): what the modal is open for, and what the last save said above the list.
 *
 * `E` says what the modal is open for ('new', a row, a row and what to do with it); `D` is the notice a save
 * leaves (a message, or what the page words it from).
 */
export interface RowEditor<E, D = string> {
  editing: E | null;
  done: D | null;
  /** Opens the modal for a row; the last notice stays. */
  edit: (what: E) => void;
  /** Opens the modal for a new one; the last notice goes. */
  create: (what: E) => void;
  /** Keeps a save's notice (the modal shuts itself). */
  saved: (done: D) => void;
  /** What the modal calls once shut. */
  shut: () => void;
}

export function useRowEditor<E, D = string>(): RowEditor<E, D> {
  const [editing, setEditing] = useState<E | null>(null);
  const [done, setDone] = useState<D | null>(null);
  return {
    editing,
    done,
    // the setter itself: stable, so the columns that call it need not be rebuilt each render
    edit: setEditing,
    create: (what) => {
      setDone(null);
      setEditing(what);
    },
    saved: setDone,
    shut: () => setEditing(null),
  };
}

/** What a modal form gets from its list: its Cancel, and where to say what a save did. */
export interface RowFormHandlers<D = string> {
  onCancel: () => void;
  onSaved: (done: D) => void;
}

/** A row's modal form: the row (null: a new one) and its handlers. */
export interface RowFormProps<T, D = string> extends RowFormHandlers<D> {
  row: T | null;
}

/** The page's "New …" button; a role that cannot write sees it disabled. */
export function CreateButton({
  canWrite,
  onClick,
  children,
}: {
  canWrite: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="button-primary" disabled={!canWrite} onClick={onClick}>
      {children}
    </button>
  );
}

/** The last save's notice, read out when it appears (the live region is there before it). */
export function SavedNotice({ children }: { children: ReactNode }) {
  return <div role="status">{children ? <p className="success">{children}</p> : null}</div>;
}

/**
 * The modal of a `useRowEditor` list: titled for what it is open for, its form made by `children`; a save
 * leaves its notice and shuts it.
 */
export function EditorModal<E, D = string>({
  editor,
  title,
  size,
  children,
}: {
  editor: RowEditor<E, D>;
  title: (editing: E) => ReactNode;
  size?: (editing: E) => 'normal' | 'large';
  children: (editing: E, form: RowFormHandlers<D>) => ReactNode;
}) {
  const { editing } = editor;
  return (
    <Modal
      open={editing !== null}
      size={editing !== null && size ? size(editing) : 'normal'}
      title={editing !== null ? title(editing) : ''}
      onClose={editor.shut}
    >
      {(close) =>
        editing !== null
          ? children(editing, {
              onCancel: close,
              onSaved: (done) => {
                editor.saved(done);
                close();
              },
            })
          : null
      }
    </Modal>
  );
}

/** "Edit" in the staff member's language (a column's header and cells are not where a hook is read). */
function EditWord() {
  const { t } = useTranslation('console');
  return t('common.edit');
}

/** A row's Edit button as the list's last column (`label` names the row for a screen reader). */
export function editColumn<T extends RowData>(
  label: (row: T) => string,
  onEdit: (row: T) => void,
): Columns<T>[number] {
  return {
    id: 'edit',
    header: () => (
      <span className="visually-hidden">
        <EditWord />
      </span>
    ),
    enableSorting: false,
    meta: { className: 'nowrap' },
    cell: ({ row }) => (
      <button type="button" onClick={() => onEdit(row.original)} aria-label={label(row.original)}>
        <EditWord />
      </button>
    ),
  };
}

/** A modal form's foot: its submit button (disabled while the call runs) and Cancel. */
export function FormActions({
  pending,
  onCancel,
  children,
}: {
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('console');
  return (
    <div className="actions">
      <button type="submit" className="button-primary" disabled={pending}>
        {children}
      </button>
      <button type="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
