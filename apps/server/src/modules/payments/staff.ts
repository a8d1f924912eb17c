/**
 * The payments module's staff rules, its one entry for them (ARCHITECTURE.md, Layout): what the console's routes
 * and the shell commands call. Each rule runs its change in the StaffWrite it is given, one transaction with its
 * audit row; the console's reads of the same things sit beside them. The rules live by concern:
 *
 *   staff-prices.ts   gem prices: the courses, the campaign discount windows, the monthly FX rate
 *   staff-payments.ts the list and detail of payments and refunds, a pending bank transfer matched by hand
 *   refunds.ts        a staff refund of a succeeded payment (decided once, the unspent gems taken back)
 *
 * staff-repo.ts (their queries) stays inside the module.
 */
export {
  campaignsForStaff,
  createCampaign,
  createCourse,
  fxForStaff,
  pointPricesForStaff,
  setFxRate,
  updateCampaign,
  updateCourse,
} from './staff-prices.ts';
export {
  listPayments,
  matchBankTransfer,
  paymentForStaff,
  paymentRowForStaff,
  refundForStaff,
} from './staff-payments.ts';
export { refundPayment, type StaffRefundKind } from './refunds.ts';
