import type { z } from 'zod';
import { getConfig } from '../config/config';
import { lazy } from '../contract/lazy';
import { listPageSchema } from '../contract/lists';
import { receivedPaymentSchema } from '../contract/payments';
import { getAccessToken } from '../session/token';
import { apiErrorFrom, type DownloadedFile, dispositionFileName, getJson } from './client';

/** The export files of issue 11 (server/src/routes/exports.ts). */
export type ExportKind = 'bank-journal' | 'cheque-remittance' | 'collected-vat' | 'sales-journal' | 'fec';

export function exportPath(enterpriseId: number, kind: ExportKind, query: Record<string, string>): string {
  return `/v2/companies/${enterpriseId}/exports/${kind}?${new URLSearchParams(query)}`;
}

/**
 * Downloads an export as it streams: `onProgress` gets the bytes received so far after each chunk
 * (a long export shows its progress), the file is whole only at the end. A refusal (4xx) is the
 * server's JSON error, thrown as an ApiError like every other call.
 */
export async function downloadExport(
  path: string,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const response = await fetch(`${getConfig().apiHost}${path}`, {
    headers: { Authorization: `Bearer ${getAccessToken()}` },
    credentials: 'include',
    mode: 'cors',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw apiErrorFrom(response.status, await response.text());
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const filename = dispositionFileName(response.headers.get('content-disposition'), 'export');
  if (!response.body) return { filename, blob: await response.blob() };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return { filename, blob: new Blob(chunks as BlobPart[], { type }) };
}

/** A received cheque: the received payment's fields a remittance slip shows (src/contract/payments.ts). */
const chequeSchema = lazy(() =>
  receivedPaymentSchema.pick({
    id: true,
    invoiceNumber: true,
    customerName: true,
    amountCents: true,
    paidOn: true,
    bankId: true,
    bankName: true,
    chequeNumber: true,
    drawer: true,
  }),
);
export type ReceivedCheque = z.output<typeof chequeSchema>;
const chequesAnswer = lazy(() => listPageSchema(chequeSchema));

/** Received cheques of a period (and bank), newest first: the ones a remittance slip may list. */
export async function listReceivedCheques(
  enterpriseId: number,
  query: { from: string; to: string; bankId?: number },
): Promise<{ cheques: ReceivedCheque[]; hits: number }> {
  const params = new URLSearchParams({ mode: 'check', from: query.from, to: query.to, limit: '200' });
  if (query.bankId) params.set('bankId', String(query.bankId));
  const answer = await getJson(`/v2/companies/${enterpriseId}/payments/received?${params}`, chequesAnswer);
  return { cheques: answer.data, hits: answer.info.hits };
}
