import { defineRoute } from '../route.ts';

/** Registration, the address, the country, the phone and the password (spec §7 User). */
const user = () => import('../user.ts');
const account = () => import('../account.ts');
const empty = () => import('../envelope-schema.ts').then((m) => m.emptyAnswerSchema);

export const confirmRegistrationRoute = defineRoute({
  method: 'POST',
  path: '/user/confirm',
  aliases: ['/user/confirmUser'],
  access: 'guest',
  schemas: () =>
    Promise.all([user(), empty()]).then(([m, answer]) => ({ body: m.registrationSchema, answer })),
});

export const registerRoute = defineRoute({
  method: 'POST',
  path: '/user/append',
  aliases: ['/user/appendUser'],
  access: 'guest',
  schemas: () => user().then((m) => ({ body: m.registrationSchema, answer: m.currentUserSchema })),
});

export const appendAddressRoute = defineRoute({
  method: 'POST',
  path: '/user/append_address',
  aliases: ['/user/appendAddress'],
  access: 'member',
  schemas: () =>
    Promise.all([user(), empty()]).then(([m, answer]) => ({ body: m.appendAddressSchema, answer })),
});

export const hasRegisterRoute = defineRoute({
  method: 'GET',
  path: '/user/has_register',
  aliases: ['/user/hasRegister'],
  access: 'guest',
  schemas: () => user().then((m) => ({ answer: m.hasRegisterSchema })),
});

export const deleteJustRegisteredRoute = defineRoute({
  method: 'GET',
  path: '/user/delete_is_user_register',
  aliases: ['/user/deleteIsUserRegister'],
  access: 'guest',
  schemas: () => empty().then((answer) => ({ answer })),
});

export const prefListRoute = defineRoute({
  method: 'GET',
  path: '/user/pref_list',
  aliases: ['/user/prefList'],
  access: 'guest',
  schemas: () => user().then((m) => ({ answer: m.idNameListSchema })),
});

export const countriesRoute = defineRoute({
  method: 'GET',
  path: '/user/country',
  access: 'guest',
  schemas: () => user().then((m) => ({ answer: m.idNameListSchema })),
});

export const countryCheckRoute = defineRoute({
  method: 'GET',
  path: '/user/country/check',
  access: 'guest',
  schemas: () => user().then((m) => ({ answer: m.countryCheckSchema })),
});

export const changeCountryRoute = defineRoute({
  method: 'POST',
  path: '/user/changeUserInformation',
  aliases: ['/user/change_user_information'],
  access: 'member',
  schemas: () =>
    Promise.all([user(), empty()]).then(([m, answer]) => ({ body: m.changeUserInformationSchema, answer })),
});

export const changeTelRoute = defineRoute({
  method: 'POST',
  path: '/user/change',
  access: 'member',
  schemas: () => Promise.all([user(), empty()]).then(([m, answer]) => ({ body: m.changeTelSchema, answer })),
});

export const createResetCodeRoute = defineRoute({
  method: 'POST',
  path: '/user/create_onetime_reset_password',
  aliases: ['/user/createOnetimeResetPassword'],
  access: 'guest',
  schemas: () => account().then((m) => ({ body: m.createResetCodeSchema, answer: m.messageAnswerSchema })),
});

export const resetPasswordRoute = defineRoute({
  method: 'POST',
  path: '/user/reset_password',
  aliases: ['/user/resetPassword'],
  access: 'guest',
  schemas: () => account().then((m) => ({ body: m.resetPasswordSchema, answer: m.messageAnswerSchema })),
});

export const changePasswordRoute = defineRoute({
  method: 'POST',
  path: '/user/change_password',
  aliases: ['/user/changePassword'],
  access: 'member',
  schemas: () => account().then((m) => ({ body: m.changePasswordSchema, answer: m.messageAnswerSchema })),
});
