import { atom, onMount } from 'nanostores';
import { NOTIFICATIONS_RELATIVE_TIME_REFRESH_MS } from '../../config/constants';

/** The time relative dates are measured from, moved on every 10 s while something shows one. */
export const $now = atom<Date>(new Date());

onMount($now, () => {
  $now.set(new Date());
  const timer = setInterval(() => $now.set(new Date()), NOTIFICATIONS_RELATIVE_TIME_REFRESH_MS);
  return () => clearInterval(timer);
});
