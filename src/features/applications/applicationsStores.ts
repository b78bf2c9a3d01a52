/**
 * « Mes applications »'s server data through the data layer (src/api/query.ts): the applications,
 * a list of measure groups, one group and its events, each store keyed on the session's company and
 * on what is shown. The elements live on platform pages as well as in the SPA, so what is shown (the
 * list's application, search, job, sort and page; the group's id) is held in the area's own atoms,
 * set by the screen or the element from its address or its attributes.
 */
import { atom, computed } from 'nanostores';
import { jobPageAnswer } from '../../api/businessJobs';
import { getJson } from '../../api/client';
import { $companyPath, createApiStore, invalidateKeys, mutateCache } from '../../api/query';
import type { ApplicationType } from '../../contract/measures';
import { logger } from '../../logging/logger';
import { $session } from '../../session/session';
import {
  type Application,
  applicationsAnswer,
  connectApplication,
  createMeasureGroup,
  disconnectApplication,
  editMeasureGroup,
  type ImportOutcome,
  importMeasureFile,
  type MeasureGroupDetail,
  measureEventPageAnswer,
  measureGroupAnswer,
  measureGroupPageAnswer,
  type UploadOptions,
} from './api';

export const GROUP_PAGE_SIZE = 25;
/** Events shown at first; « Afficher plus » adds as many. */
export const EVENTS_PAGE_SIZE = 20;
/** Jobs offered by a job combobox for what is typed. */
export const JOB_CHOICES = 20;

// ---------------------------------------------------------------------------------------------
// The applications

export const $applications = createApiStore(applicationsAnswer, [$companyPath, '/applications'], {
  onError: (error) => logger.error('Error getting applications', { error }),
});

// ---------------------------------------------------------------------------------------------
// A list of groups

export interface GroupsListQuery {
  application: ApplicationType;
  q: string;
  /** The job filter (its id and label), or null for every group. */
  job: { id: number; label: string } | null;
  /** Newest first ('-date', the default) or oldest first. */
  sort: 'date' | '-date';
  /** From 0. */
  page: number;
}

export const defaultGroupsQuery = (application: ApplicationType): GroupsListQuery => ({
  application,
  q: '',
  job: null,
  sort: '-date',
  page: 0,
});

/** The list shown (null until a screen or an element says which application). */
export const $groupsQuery = atom<GroupsListQuery | null>(null);

/** The list of `application`: kept as it was when it is already that application's. */
export function showGroups(application: ApplicationType): void {
  if ($groupsQuery.get()?.application !== application) $groupsQuery.set(defaultGroupsQuery(application));
}

/** A new search, filter or sort goes back to the first page; a page change keeps the rest. */
export function queryGroups(changes: Partial<Omit<GroupsListQuery, 'application'>>): void {
  const current = $groupsQuery.get();
  if (current) $groupsQuery.set({ ...current, page: 0, ...changes });
}

const $groupsApiQuery = computed($groupsQuery, (query) => {
  if (!query) return null;
  const search = new URLSearchParams({
    application: query.application,
    sort: query.sort,
    limit: String(GROUP_PAGE_SIZE),
    offset: String(query.page * GROUP_PAGE_SIZE),
  });
  if (query.q.trim()) search.set('q', query.q.trim());
  if (query.job) search.set('businessJobId', String(query.job.id));
  return `/measure-groups?${search}`;
});

export const $groupsPage = createApiStore(measureGroupPageAnswer, [$companyPath, $groupsApiQuery], {
  onError: (error) => logger.error('Error getting measure groups', { error }),
});

// ---------------------------------------------------------------------------------------------
// One group and its events

/** The group shown (digits), or null. */
export const $groupId = atom<string | null>(null);

export function showGroup(id: string | number | null | undefined): void {
  const text = id === null || id === undefined ? '' : String(id);
  $groupId.set(/^\d+$/.test(text) && Number(text) > 0 ? text : null);
  $eventsLimit.set(EVENTS_PAGE_SIZE);
}

export const $group = createApiStore(measureGroupAnswer, [$companyPath, '/measure-groups/', $groupId], {
  onError: (error) => logger.error('Error getting measure group', { error }),
});

/** How many of the newest events are shown. */
export const $eventsLimit = atom(EVENTS_PAGE_SIZE);

export const showMoreEvents = () => $eventsLimit.set($eventsLimit.get() + EVENTS_PAGE_SIZE);

const $eventsApiQuery = computed($eventsLimit, (limit) => `/events?limit=${limit}&offset=0`);

export const $groupEvents = createApiStore(
  measureEventPageAnswer,
  [$companyPath, '/measure-groups/', $groupId, $eventsApiQuery],
  { onError: (error) => logger.error('Error getting measure group events', { error }) },
);

// ---------------------------------------------------------------------------------------------
// Jobs to choose from (the list's filter, « Nouveau groupe de mesures », the group's job)

export const $jobSearch = atom('');

const $jobApiQuery = computed($jobSearch, (q) => {
  const search = new URLSearchParams({ limit: String(JOB_CHOICES) });
  if (q.trim()) search.set('q', q.trim());
  return `/business-jobs?${search}`;
});

export const $jobChoices = createApiStore(jobPageAnswer, [$companyPath, $jobApiQuery]);

// ---------------------------------------------------------------------------------------------
// Changes

function enterpriseId(): number {
  const id = $session.get().enterpriseId;
  if (id === null) throw new Error('No signed-in company');
  return id;
}

const groupKey = (id: number) => `${$companyPath.get()}/measure-groups/${id}`;

/**
 * After a change of groups: the applications (their counts and last data), every list and every
 * group's events load again; `keep` (the group just answered, put in the cache) stays.
 */
export function measuresChanged(keep?: number): void {
  const prefix = $companyPath.get();
  if (prefix === null) return;
  const kept = keep === undefined ? null : groupKey(keep);
  invalidateKeys(
    (key) => (key.startsWith(`${prefix}/measure-groups`) || key === `${prefix}/applications`) && key !== kept,
  );
}

function applicationChanged(application: Application): void {
  const key = `${$companyPath.get()}/applications`;
  const list = $applications.get().data?.data;
  // The answer is the application whole: the list takes it as it is, or is asked for when not loaded.
  if (list)
    mutateCache(key, { data: list.map((known) => (known.type === application.type ? application : known)) });
  else invalidateKeys((candidate) => candidate === key);
}

/** Connects (or regenerates the key of) `type`: the key is in the answer, and only there. */
export async function connect(type: ApplicationType): Promise<{ application: Application; apiKey: string }> {
  const answer = await connectApplication(enterpriseId(), type);
  applicationChanged(answer.application);
  return answer;
}

export async function disconnect(type: ApplicationType): Promise<Application> {
  const application = await disconnectApplication(enterpriseId(), type);
  applicationChanged(application);
  return application;
}

/** « Nouveau groupe de mesures »: the group is cached, the lists load again. */
export async function createGroup(input: {
  application: ApplicationType;
  name: string;
  businessJobId: number | null;
}): Promise<MeasureGroupDetail> {
  const group = await createMeasureGroup(enterpriseId(), input);
  mutateCache(groupKey(group.id), { data: group });
  measuresChanged(group.id);
  return group;
}

/** Saves the name and job from `from.version` (409 stale_version when someone saved since). */
export async function saveGroup(
  from: MeasureGroupDetail,
  values: { name: string; businessJobId: number | null },
): Promise<MeasureGroupDetail> {
  const group = await editMeasureGroup(enterpriseId(), from.id, { version: from.version, ...values });
  mutateCache(groupKey(group.id), { data: group });
  measuresChanged(group.id);
  return group;
}

/** The stored group read again (after a stale save). */
export async function reloadGroup(id: number): Promise<MeasureGroupDetail> {
  const answer = await getJson(groupKey(id), measureGroupAnswer);
  mutateCache(groupKey(id), answer);
  return answer.data;
}

/**
 * Sends a file to the group. Read: the group's new measures are cached. Refused: nothing stored but
 * the 'import_refused' event, so the events load again either way.
 */
export async function importFile(
  groupId: number,
  file: File,
  options: UploadOptions = {},
): Promise<ImportOutcome> {
  try {
    const outcome = await importMeasureFile(enterpriseId(), groupId, file, options);
    mutateCache(groupKey(groupId), { data: outcome.group });
    measuresChanged(groupId);
    return outcome;
  } catch (error) {
    const prefix = $companyPath.get();
    invalidateKeys((key) => key.startsWith(`${prefix}/measure-groups/${groupId}/events`));
    throw error;
  }
}
