/**
 * The payments module's face to other modules (ARCHITECTURE.md: a feature reaches another only through its
 * service.ts). The module itself is split by concern, and its own files import each other directly:
 *
 *   purchase.ts       starting a gem purchase: methods on offer, the payment intent, the provider's start
 *   notifications.ts  provider notifications and confirmations, the exactly-once credit, failure messages
 *   pending.ts        the pages of a pending payment (bank details, convenience store slip, 3-D Secure)
 *   expiry.ts         the pending-payment expiry sweep
 *   amazon-pay.ts     Amazon Pay's checkout session calls (the button's signing is under providers/sandbox/)
 *   grants.ts         free grants and unlocked point price courses
 *   history.ts        the gem history (Your gems history)
 *   webhooks.ts       provider notifications: a payment's status, or a refund of it
 *   refunds.ts        refunds: decided once with the unspent gems taken back, then sent to the provider
 *   staff-payments.ts the console's list and detail of payments, and bank transfers matched by hand
 *   staff-prices.ts   the console's gem prices: courses, campaign windows, the monthly FX rate
 *   sales-report.ts   money in and out for the accounts: sales and refunds by hour and method, the CSV rows
 *
 * Its staff rules (each in the StaffWrite it is given, with its audit row) and the console's reads beside them are
 * reached through staff.ts, not here.
 */
export { unlockPointPrice } from './grants.ts';
export { addPointPrices } from './point-prices.ts';
// a campaign row in the caller's transaction, no audit row (the demo loader's); staff add one with createCampaign
export { addCampaign } from './staff-prices.ts';
export { paymentsForAccounts, refundsForAccounts, salesByHour, type SalesHour } from './sales-report.ts';
