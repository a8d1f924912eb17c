import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';

interface AlertModalProps {
  open: boolean;
  title?: ReactNode;
  children: ReactNode;
  onOk: () => void;
  okLabel?: string;
}

/** An alert that needs an OK (the spec's "alert, then …" steps), as an accessible modal. */
export function AlertModal({ open, title, children, onOk, okLabel }: AlertModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title ?? t('alert.title')}
      onClose={onOk}
      role="alertdialog"
      footer={
        <button type="button" className="btn btn-primary" onClick={onOk} data-autofocus>
          {okLabel ?? t('actions.ok')}
        </button>
      }
    >
      {children}
    </Modal>
  );
}
