/**
 * Sandbox test cards (README: Sandbox payments): test data of the built-in sandbox provider, not part of the
 * wire contract. The sandbox tokenizer answers each number with its outcome; any other valid number succeeds.
 */
export const SANDBOX_TEST_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
  maintenance: '4000000000008000',
  communication: '4000000000007001',
} as const;
