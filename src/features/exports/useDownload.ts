import { useRef, useState } from 'react';
import { saveFile } from '../../api/client';
import { downloadExport } from '../../api/exports';
import { errorMessageFor } from '../../i18n/serverErrors';
import { formatBytes, exportMessages as m } from './messages';

export interface DownloadState {
  busy: boolean;
  /** What the status line says: the bytes received while it streams, then the file saved. */
  status: string;
  error: string;
}

/**
 * Downloads an export with its progress: the byte counter moves as the stream is read, so a long
 * export shows it is working; a refusal shows the server's French sentence.
 */
export function useDownload() {
  const [state, setState] = useState<DownloadState>({ busy: false, status: '', error: '' });
  const running = useRef<AbortController | null>(null);
  async function start(path: string) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ busy: true, status: m.downloading(formatBytes(0)), error: '' });
    try {
      const file = await downloadExport(
        path,
        (bytes) => setState((s) => ({ ...s, status: m.downloading(formatBytes(bytes)) })),
        controller.signal,
      );
      saveFile(file);
      setState({ busy: false, status: m.downloaded(file.filename, formatBytes(file.blob.size)), error: '' });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ busy: false, status: '', error: errorMessageFor(error) });
    }
  }
  return { ...state, start };
}
