import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PracticeResult } from '@gacha/contract/pack-fairness';
import { useSubmit } from '@gacha/client/use-submit';
import { practiceDraw } from './api/practice-draw.ts';

/**
 * A practice draw as the member (or guest) starts it: one at a time (@gacha/client/use-submit); the result goes to
 * `done`, a refusal's message (the hourly limit, nothing left) or a missing answer to `message`.
 */
export function usePracticeCall(done: (result: PracticeResult) => void) {
  const { t } = useTranslation('gacha');
  const [message, setMessage] = useState<string | null>(null);
  const call = useSubmit({
    mutationFn: ({ packId, count }: { packId: number; count: number }) => practiceDraw(packId, count),
    onMutate: () => setMessage(null),
    onSuccess: (answer) =>
      answer.ok ? done(answer.result) : setMessage(answer.message ?? t('practice.failed')),
    onError: () => setMessage(t('practice.failed')),
  });
  return {
    send: (packId: number, count = 1) => call.send({ packId, count }),
    isPending: call.isPending,
    message,
  };
}
