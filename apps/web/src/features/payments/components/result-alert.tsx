import { useState } from 'react';
import { AlertModal } from '../../../components/alert-modal.tsx';

/** One alert at a time for a page's failures (spec §4: a payment-specific failure alert). */
export function useAlert() {
  const [message, setMessage] = useState<string | null>(null);
  const [after, setAfter] = useState<(() => void) | null>(null);
  const show = (text: string, then?: () => void) => {
    setAfter(() => then ?? null);
    setMessage(text);
  };
  const element = (
    <AlertModal
      open={message !== null}
      onOk={() => {
        setMessage(null);
        after?.();
      }}
    >
      <p>{message}</p>
    </AlertModal>
  );
  return { show, element };
}
