import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { formatIsoDate } from '../../../../contract/format';
import { applicationLabels, isApplicationType, measureKindLabels } from '../../../../contract/measures';
import { quoteMeasureRules } from '../../../../contract/quotes';
import { button } from '../../../../ui/button.css';
import { Modal } from '../../../../ui/modal/Modal';
import { InlineSpinner } from '../../../../ui/Spinner';
import { useDebouncedCallback } from '../../../../ui/useDebouncedCallback';
import type { MeasureGroup } from '../../../applications/api';
import * as styles from '../../../invoices/editor/editor.css';
import * as shared from '../../../invoices/invoices.css';
import { quoteEditorMessages as m } from '../messages';
import * as own from '../quoteEditor.css';
import {
  $allMeasureGroups,
  $jobMeasureGroups,
  $measurePicker,
  $pickedMeasureGroup,
  pickMeasureGroup,
  searchMeasureGroups,
} from './measurePickerStores';
import { formatMeasure, measureSelection } from './measureSum';

/** What « Insérer » gives the line: the source and its sum, in the measures' unit. */
export interface PickedMeasures {
  groupId: number;
  groupName: string;
  measureIds: number[];
  valueMilli: number;
  unit: string;
}

export interface MeasurePickerDialogProps {
  /** The line's accessible name (« ligne 3 ») and its designation, said in the title. */
  lineName: string;
  /** The line's unit as typed ('' : none, the measures' unit is taken). */
  lineUnit: string;
  jobName: string;
  onClose: () => void;
  onInsert: (picked: PickedMeasures) => void;
}

/** Each keystroke in the search waits this long for the next before the groups are asked again. */
const SEARCH_DELAY_MS = 250;

const applicationName = (type: string) => (isApplicationType(type) ? applicationLabels[type] : type);

/**
 * « Insérer un métré » (issue 23): the measure groups (the quote's job's first, then the others;
 * a search), then one group's measures to tick — one kind at a time — with their sum in its unit.
 * « Insérer la quantité » gives the line its quantity and source; the dialog closes and the focus
 * goes back to the line's button (Modal). The stores are opened by the caller (openMeasurePicker).
 */
export function MeasurePickerDialog({
  lineName,
  lineUnit,
  jobName,
  onClose,
  onInsert,
}: MeasurePickerDialogProps) {
  const { groupId } = useStore($measurePicker);
  return (
    <Modal open onClose={onClose} title={m.measureDialogTitle(lineName)}>
      {groupId === null ? (
        <GroupChoice jobName={jobName} />
      ) : (
        <MeasureChoice lineUnit={lineUnit} onClose={onClose} onInsert={onInsert} />
      )}
    </Modal>
  );
}

function GroupChoice({ jobName }: { jobName: string }) {
  const searchId = useId();
  const [typed, setTyped] = useState($measurePicker.get().q);
  const searchLater = useDebouncedCallback(searchMeasureGroups, SEARCH_DELAY_MS);
  const jobGroups = useStore($jobMeasureGroups);
  const allGroups = useStore($allMeasureGroups);
  const ofJob = jobGroups.data?.data ?? [];
  const jobIds = new Set(ofJob.map((group) => group.id));
  const others = (allGroups.data?.data ?? []).filter((group) => !jobIds.has(group.id));
  const loading = (jobGroups.loading && !jobGroups.data) || (allGroups.loading && !allGroups.data);
  const failed = Boolean(jobGroups.error || allGroups.error) && !jobGroups.data && !allGroups.data;

  return (
    <div>
      <div className={shared.field}>
        <label className={shared.label} htmlFor={searchId}>
          {m.measureSearch}
        </label>
        <input
          id={searchId}
          type="search"
          className={shared.control}
          value={typed}
          onChange={(event) => {
            const text = event.target.value;
            setTyped(text);
            searchLater(text);
          }}
        />
      </div>
      {loading ? (
        <p role="status">
          <InlineSpinner /> {m.measureGroupsLoading}
        </p>
      ) : failed ? (
        <p className={shared.alert} role="alert">
          {m.measureGroupsFailed}
        </p>
      ) : ofJob.length === 0 && others.length === 0 ? (
        <p role="status">{typed.trim() ? m.measureGroupsNoneFound : m.measureGroupsNone}</p>
      ) : (
        <>
          <GroupList title={m.measureGroupsOfJob(jobName)} groups={ofJob} empty={m.measureGroupsNoneOfJob} />
          {others.length > 0 ? <GroupList title={m.measureGroupsOthers} groups={others} /> : null}
        </>
      )}
    </div>
  );
}

function GroupList({ title, groups, empty }: { title: string; groups: MeasureGroup[]; empty?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} style={{ marginTop: 16 }}>
      <h3 id={headingId} className={shared.sectionTitle}>
        {title}
      </h3>
      {groups.length === 0 ? (
        <p className={styles.hint}>{empty}</p>
      ) : (
        <ul className={own.pickList}>
          {groups.map((group) => (
            <li key={group.id}>
              <button type="button" className={own.pickButton} onClick={() => pickMeasureGroup(group.id)}>
                <span className={own.pickName}>{group.name}</span>
                <span className={styles.hint}>
                  {[
                    applicationName(group.application),
                    m.measureCount(group.measureCount),
                    group.businessJob?.name,
                    group.lastDataAt ? m.measureGroupDataAt(formatIsoDate(group.lastDataAt)) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MeasureChoice({
  lineUnit,
  onClose,
  onInsert,
}: Pick<MeasurePickerDialogProps, 'lineUnit' | 'onClose' | 'onInsert'>) {
  const group = useStore($pickedMeasureGroup);
  const [ticked, setTicked] = useState<number[]>([]);
  const legendId = useId();
  const detail = group.data?.data;
  const back = (
    <button type="button" className={button.secondary} onClick={() => pickMeasureGroup(null)}>
      {m.measureOtherGroup}
    </button>
  );
  if (!detail) {
    return group.error ? (
      <div>
        <p className={shared.alert} role="alert">
          {m.measureGroupFailed}
        </p>
        {back}
      </div>
    ) : (
      <p role="status">
        <InlineSpinner /> {m.measureGroupsLoading}
      </p>
    );
  }
  const selection = measureSelection(detail.measures, ticked);
  const tooMany = selection.count > quoteMeasureRules.maxMeasureIds;
  const unitDiffers = selection.unit !== null && lineUnit.trim() !== '' && lineUnit.trim() !== selection.unit;
  const toggle = (id: number, on: boolean) =>
    setTicked((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <div>
      <p style={{ marginTop: 0 }}>
        <strong>{detail.name}</strong>{' '}
        <span className={styles.hint}>
          {[applicationName(detail.application), detail.businessJob?.name].filter(Boolean).join(' · ')}
        </span>
      </p>
      {detail.measures.length === 0 ? (
        <p role="status">{m.measuresNone}</p>
      ) : (
        <fieldset className={styles.choices} aria-describedby={`${legendId}-hint`}>
          <legend id={legendId} className={shared.label}>
            {m.measuresLegend}
          </legend>
          <p id={`${legendId}-hint`} className={styles.hint}>
            {m.measuresOneKind}
          </p>
          <ul className={own.measureList}>
            {detail.measures.map((measure) => {
              const other = selection.kind !== null && measure.kind !== selection.kind;
              return (
                <li key={measure.id}>
                  <label className={styles.choice}>
                    <input
                      type="checkbox"
                      checked={ticked.includes(measure.id)}
                      disabled={other}
                      onChange={(event) => toggle(measure.id, event.target.checked)}
                    />
                    <span>
                      {measure.name}{' '}
                      <span className={shared.amount}>{formatMeasure(measure.valueMilli, measure.unit)}</span>{' '}
                      <span className={styles.hint}>({measureKindLabels[measure.kind]})</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <p className={own.measureSum} role="status">
        {selection.unit === null
          ? m.measuresNoneTicked
          : m.measureSum(formatMeasure(selection.valueMilli, selection.unit), selection.count)}
      </p>
      {selection.tooLarge ? (
        <p className={shared.alert} role="alert">
          {m.measureSumTooLarge}
        </p>
      ) : null}
      {tooMany ? (
        <p className={shared.alert} role="alert">
          {m.measuresTooMany(quoteMeasureRules.maxMeasureIds)}
        </p>
      ) : null}
      {unitDiffers ? (
        <p className={styles.hint}>{m.measureUnitDiffers(lineUnit.trim(), selection.unit ?? '')}</p>
      ) : null}
      <div className={styles.modalActions}>
        {back}
        <button type="button" className={button.secondary} onClick={onClose}>
          {m.cancel}
        </button>
        <button
          type="button"
          className={button.primary}
          disabled={selection.count === 0 || selection.tooLarge || tooMany}
          onClick={() =>
            onInsert({
              groupId: detail.id,
              groupName: detail.name,
              measureIds: detail.measures
                .filter((measure) => ticked.includes(measure.id) && measure.kind === selection.kind)
                .map((measure) => measure.id),
              valueMilli: selection.valueMilli,
              unit: selection.unit ?? '',
            })
          }
        >
          {m.measureInsert}
        </button>
      </div>
    </div>
  );
}
