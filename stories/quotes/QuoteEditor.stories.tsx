import type { Meta, StoryObj } from '@storybook/react-vite';
import { quoteEditorMessages } from '../../src/features/quotes/editor/messages';
import { buildContent, draftTotals, type QuoteDraft } from '../../src/features/quotes/editor/quoteDraft';
import {
  composedLine,
  LiveQuoteEditor,
  readyState,
} from '../../src/features/quotes/editor/testing/LiveQuoteEditor';
import { editorQuote, priced } from '../../src/features/quotes/editor/testing/quoteEditorFixtures';
import { serverErrorMessage } from '../../src/i18n/serverErrors';

/** The editor on a given state; typing changes it in place as the store does (live totals, no server). */
const EditorStory = LiveQuoteEditor;

const meta: Meta<typeof EditorStory> = { title: 'Quotes/Editor', component: EditorStory };
export default meta;
type Story = StoryObj<typeof EditorStory>;

/** A new draft: no line yet, the buttons that add the first chapter or line. */
export const DraftEmpty: Story = { args: { state: readyState(editorQuote('draft', [])) } };
/** A draft of three chapters, a sub-chapter, a text line and an option; live totals and a 30 % deposit. */
export const DraftThreeChapters: Story = { args: { state: readyState(editorQuote()) } };
/** A discount of 5 %: the gross total, the discount, then the bases per rate. */
export const DraftWithDiscount: Story = {
  args: { state: readyState(editorQuote('draft', undefined, { discountBasisPoints: 500 })) },
};
/** Sent: read-only, « Modifier » makes a new revision; two revisions listed. */
export const Sent: Story = {
  args: {
    state: readyState(
      editorQuote('sent', undefined, {
        revisions: [
          { id: 11, number: 'DE-2026-00012', status: 'refused', date: '2026-11-10' },
          { id: 12, number: 'DE-2026-00012', status: 'sent', date: '2026-11-20' },
        ],
      }),
    ),
  },
};
/** Accepted: frozen, only « Dupliquer ». */
export const Accepted: Story = { args: { state: readyState(editorQuote('accepted')) } };
/** A save the server refused: what was typed stays, with a retry. */
export const SavingError: Story = {
  args: {
    state: readyState(editorQuote(), { save: 'failed', message: serverErrorMessage('internal_error') }),
  },
};
/** Someone else saved first: the typed values stay, read-only, with « Recharger le devis ». */
export const Stale: Story = {
  args: { state: readyState(editorQuote(), { save: 'stale', message: quoteEditorMessages.stale }) },
};
export const NotFound: Story = {
  args: {
    state: { ...readyState(editorQuote()), status: 'notFound', quote: null, draft: null, totals: null },
  },
};

// Issue 23: measured quantities (« Insérer un métré »)

const measuredLine = {
  ...priced('Couverture tuiles terre cuite', 25_300, 6_500, { unit: 'm²', rateId: 2 }),
  measure: { groupId: 7, measureIds: [1, 2], valueMilli: 25_300 },
};
const measuredContent = [
  {
    kind: 'chapter' as const,
    title: 'Couverture',
    items: [measuredLine, priced('Faîtage', 4_000, 3_800, { unit: 'm', rateId: 2 })],
  },
];
const measureSource = (changed: boolean) => ({
  path: [0, 0],
  groupId: 7,
  groupName: 'Relevé drone toiture',
  application: 'pix4d',
  measureIds: [1, 2],
  storedValueMilli: 25_300,
  currentValueMilli: changed ? 26_100 : 25_300,
  changed,
});

/** A line whose quantity is the sum of two measures: its source under it, « Insérer un métré » on each line. */
export const MeasureInserted: Story = {
  args: {
    measures: true,
    state: readyState(editorQuote('draft', measuredContent, { measureSources: [measureSource(false)] })),
  },
};
/** The group changed since: the line is marked, « Mettre à jour » takes the new sum. */
export const MeasureChanged: Story = {
  args: {
    measures: true,
    state: readyState(editorQuote('draft', measuredContent, { measureSources: [measureSource(true)] })),
  },
};
/** On a sent quote the mark only: nothing changes a sent quote. */
export const MeasureChangedSent: Story = {
  args: {
    state: readyState(editorQuote('sent', measuredContent, { measureSources: [measureSource(true)] })),
  },
};

// Issue 22: a library work's composition in the quote

/** A work's composition unfolded under its line: quantities and déboursé sec editable, the price follows. */
export const CompositionUnfolded: Story = {
  args: { compositionsOpen: true, state: readyState(editorQuote('draft', [composedLine])) },
};

/** Another session edits the draft: read-only here, with why. */
export const Locked: Story = {
  args: {
    state: readyState(
      editorQuote('draft', undefined, {
        lock: { lockedByAnotherSession: true, expiresAt: '2026-11-27T21:00:00Z' },
      }),
    ),
  },
};

/** « Afficher les marges » on lines from the library (their cost kept): at 800 px the margins go under each designation. */
export const MarginsShown: Story = {
  args: {
    state: (() => {
      const withCosts = editorQuote('draft', [
        { ...priced('Plaque BA13', 24_000, 2_450, { unit: 'm²', rateId: 2 }), costCents: 1_130 },
        { ...priced('Pose plaquiste', 12_000, 5_250, { unit: 'h', rateId: 2 }), costCents: 4_000 },
        priced('Nettoyage de fin de chantier', 1_000, 18_000, { rateId: 2 }),
      ]);
      const state = readyState(withCosts, { showMargins: true });
      return { ...state, totals: draftTotals(buildContent(state.draft as QuoteDraft), true) };
    })(),
  },
};

/** The quote editor at 800 px: the lines keep their amounts whole. */
export const DraftAt800: Story = {
  ...DraftThreeChapters,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
