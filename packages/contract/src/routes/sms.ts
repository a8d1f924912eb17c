import { defineRoute } from '../route.ts';

/** SMS verification (spec §7): send a code (errors under errors.user_id), check it (errors.sms_code). */
const schemas = () => Promise.all([import('../account.ts'), import('../envelope-schema.ts')]);

export const sendSmsRoute = defineRoute({
  method: 'POST',
  path: '/user/send_sms',
  aliases: ['/user/sendSms'],
  access: 'member',
  schemas: () => schemas().then(([m, e]) => ({ body: m.sendSmsSchema, answer: e.emptyAnswerSchema })),
});

export const checkSmsRoute = defineRoute({
  method: 'POST',
  path: '/user/check_sms',
  aliases: ['/user/checkSms'],
  access: 'member',
  schemas: () => schemas().then(([m, e]) => ({ body: m.checkSmsSchema, answer: e.emptyAnswerSchema })),
});
