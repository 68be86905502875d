import { HttpError } from 'react-admin';
import { API_URL } from '../dataProvider';
import { httpClient } from '../httpClient';
import { problemMessage } from '../httpLogic';
import type { BulkKind } from './lists';
import { fileNameOf } from './paths';

/**
 * The files of group insurance: the roster upload (the file as the raw request body, so the server streams
 * it to disk whatever its size) and the downloads (report, template, export), which are not JSON.
 */

/** POST bulk-loads?policyId=&kind=&fileName= with the file as the body: the new load's id (202). */
export async function uploadBulkLoad(upload: {
  policyId: string;
  kind: BulkKind;
  file: File;
}): Promise<string> {
  const query = new URLSearchParams({
    policyId: upload.policyId,
    kind: upload.kind,
    fileName: upload.file.name,
  });
  const { json } = await httpClient(`${API_URL}/bulk-loads?${query}`, {
    method: 'POST',
    body: upload.file,
    headers: new Headers({
      Accept: 'application/json',
      'Content-Type': upload.file.type || 'application/octet-stream',
    }),
  });
  return String((json as { id: string }).id);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Downloads a file of the admin API (a GET: the session cookie goes with it, no CSRF token needed) and
 * hands it to the browser as a saved file; a refusal becomes an HttpError with the server's words.
 */
export async function download(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(`${API_URL}${path}`, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = parseJson(await response.text());
    throw new HttpError(problemMessage(body, 'ra.notification.http_error'), response.status, {
      problem: body,
    });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click ran; the object URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
