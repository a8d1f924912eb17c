import { describe, expect, it } from 'vitest';
import { sendOutcome } from './sms-send.ts';

describe('sendOutcome (the SMS popup after POST /user/send_sms)', () => {
  it('announces a sent code', () => {
    expect(sendOutcome({ state: 200 }, 'fallback')).toEqual({ kind: 'sent' });
  });

  it('keeps the code entry open during the resend wait', () => {
    const wait = 'Please wait 42 seconds before sending another code.';
    expect(sendOutcome({ state: 429, message: wait, errors: { user_id: [wait] } }, 'fallback')).toEqual({
      kind: 'wait',
      text: wait,
    });
  });

  it('closes on any other refusal, with the first errors.user_id message', () => {
    expect(
      sendOutcome({ state: 400, errors: { user_id: ['Add the country code.', 'second'] } }, 'fallback'),
    ).toEqual({ kind: 'failed', text: 'Add the country code.' });
    expect(sendOutcome({ state: 500 }, 'fallback')).toEqual({ kind: 'failed', text: 'fallback' });
  });
});
