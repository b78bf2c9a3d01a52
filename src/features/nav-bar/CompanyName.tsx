/**
 * The company's name in the nav bar (issue 26: which company am I working in?). The access token
 * carries only the company's id, so the name is read from the company information every user may
 * read. This module is a lazy chunk of its own (NavBar imports it with `lazy`): the data layer and
 * the fetch stay out of dist/define.js and its 90 kB budget; the name shows once it has come.
 */
import { useStore } from '@nanostores/react';
import * as v from 'valibot';
import { getJson } from '../../api/client';
import { $companyPath, createFetcherStore } from '../../api/query';
import * as styles from './companyName.css';

/**
 * valibot, as the page entry: zod here would bring its core (about 28 kB gzip) into every page with
 * a nav bar, right after the first render. Held to the contract's companySettingsSchema by
 * src/api/pageEntryAnswers.test.ts.
 */
export const companyNameAnswer = v.object({ data: v.object({ name: v.string() }) });

/**
 * Its own key (`#nav-bar`: the preferences' store of the same path holds the whole company); a save
 * of the company information reaches it (`invalidateKeys` on the path), so a new name shows at once.
 */
export const $companyName = createFetcherStore<string>([$companyPath, '/settings/company#nav-bar'], {
  // The company of the key (`/v2/companies/1`), whatever the session says when the answer comes.
  fetcher: async (company) => (await getJson(`${company}/settings/company`, companyNameAnswer)).data.name,
  // The name changes rarely: no new request each time the tab comes back.
  revalidateOnFocus: false,
});

/** The name, on two lines at most when the bar is short of room (whole in its tooltip); nothing until known. */
export default function CompanyName() {
  const { data } = useStore($companyName);
  const name = data?.trim();
  if (!name) return null;
  return (
    <p className={styles.companyName} title={name}>
      {name}
    </p>
  );
}
