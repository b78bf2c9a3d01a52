import { map } from 'nanostores';

/**
 * What every client log carries about where it came from. The session fills the user id; the
 * monitoring agent, once loaded, fills the transaction and trace ids.
 */
export const $logContext = map<{
  userId: number | null;
  transactionId: () => string | null;
  traceId: () => string | null;
}>({
  userId: null,
  transactionId: () => null,
  traceId: () => null,
});
