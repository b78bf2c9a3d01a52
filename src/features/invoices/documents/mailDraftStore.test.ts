import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateKeys } from '../../../api/query';
import { $mailDraft, type MailDraft, reloadMailDraft, showMailDraft } from './mailDraftStore';

const draft = (subject: string): MailDraft => ({
  to: 'client@exemple.fr',
  senderName: 'Démo BTP',
  senderEmail: 'contact@demo.fr',
  subject,
  text: 'Bonjour,',
});

/** A loader whose answers the test gives, one request at a time. */
function pendingLoader() {
  const asked: { id: number; resolve: (value: MailDraft) => void; reject: (error: Error) => void }[] = [];
  const load = (id: number) =>
    new Promise<MailDraft>((resolve, reject) => {
      asked.push({ id, resolve, reject });
    });
  return { asked, load };
}

describe('the proposed mail of the send dialog', () => {
  afterEach(() => invalidateKeys(() => true));

  it('loads nothing while no dialog is open, then the open document’s proposal', async () => {
    const { asked, load } = pendingLoader();
    const stop = $mailDraft.listen(() => {});
    expect($mailDraft.get().data).toBeUndefined();
    expect(asked).toHaveLength(0);
    const close = showMailDraft({ kind: 'invoice', documentId: 7, load });
    await waitFor(() => expect(asked.map((a) => a.id)).toEqual([7]));
    asked[0]!.resolve(draft('Facture F-7'));
    await waitFor(() => expect($mailDraft.get().data?.subject).toBe('Facture F-7'));
    close();
    await waitFor(() => expect($mailDraft.get().data).toBeUndefined());
    stop();
  });

  it('never shows a late answer for another document, and asks afresh at each opening', async () => {
    const { asked, load } = pendingLoader();
    const stop = $mailDraft.listen(() => {});
    const closeFirst = showMailDraft({ kind: 'invoice', documentId: 1, load });
    await waitFor(() => expect(asked).toHaveLength(1));
    closeFirst();
    const closeQuote = showMailDraft({ kind: 'quote', documentId: 2, load });
    await waitFor(() => expect(asked).toHaveLength(2));
    asked[0]!.resolve(draft('Facture 1'));
    asked[1]!.resolve(draft('Devis 2'));
    await waitFor(() => expect($mailDraft.get().data?.subject).toBe('Devis 2'));
    closeQuote();
    await waitFor(() => expect($mailDraft.get().data).toBeUndefined());
    // Opened again: the proposal is asked again, not taken from the last opening.
    const closeAgain = showMailDraft({ kind: 'quote', documentId: 2, load });
    await waitFor(() => expect(asked).toHaveLength(3));
    expect($mailDraft.get().data).toBeUndefined();
    asked[2]!.resolve(draft('Devis 2 bis'));
    await waitFor(() => expect($mailDraft.get().data?.subject).toBe('Devis 2 bis'));
    closeAgain();
    stop();
  });

  it('says a failure without asking again by itself, and asks again on demand', async () => {
    const { asked, load } = pendingLoader();
    const stop = $mailDraft.listen(() => {});
    reloadMailDraft(); // no dialog open: nothing to ask
    expect(asked).toHaveLength(0);
    const close = showMailDraft({ kind: 'invoice', documentId: 3, load });
    await waitFor(() => expect(asked).toHaveLength(1));
    asked[0]!.reject(new Error('réseau'));
    await waitFor(() => expect($mailDraft.get().error).toBeInstanceOf(Error));
    expect(asked).toHaveLength(1);
    reloadMailDraft();
    await waitFor(() => expect(asked).toHaveLength(2));
    asked[1]!.resolve(draft('Facture 3'));
    await waitFor(() => expect($mailDraft.get().data?.subject).toBe('Facture 3'));
    close();
    stop();
  });

  it('a closing that comes after another dialog opened leaves that one open', async () => {
    const { asked, load } = pendingLoader();
    const stop = $mailDraft.listen(() => {});
    const closeFirst = showMailDraft({ kind: 'invoice', documentId: 4, load });
    const closeSecond = showMailDraft({ kind: 'invoice', documentId: 5, load });
    closeFirst();
    await waitFor(() => expect(asked.some((a) => a.id === 5)).toBe(true));
    asked.find((a) => a.id === 5)!.resolve(draft('Facture 5'));
    await waitFor(() => expect($mailDraft.get().data?.subject).toBe('Facture 5'));
    closeSecond();
    stop();
  });
});
