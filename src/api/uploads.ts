import { uploadPath, type CsvType, type CsvUploadResult } from '../domain/csv';
import type { ApiClient, UploadProgress } from './client';
import { UploadAnswer } from './codecs/upload';
import { apiErrorFromBody } from './errors';

/** What the upload modal sends. */
export interface CsvUploadRequest {
  csvtype: CsvType;
  /** The chosen or dropped file (a File in the browser; any Blob with a name will do). */
  file: Blob & { readonly name: string };
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * The multipart form (spec 1 §5: the file in the field `file`). The file part always says text/csv:
 * browsers label a .csv file as they please (Windows with Excel: application/vnd.ms-excel), the bytes
 * are the same. Invoices and the customer types that share the endpoint send `csvtype`; the customer
 * types of POST /distributor_companies/upload send `type` (spec 2 §7).
 */
export function uploadForm(csvtype: CsvType, file: Blob & { readonly name: string }): FormData {
  const form = new FormData();
  form.append(uploadPath(csvtype) === '/invoices/upload' ? 'csvtype' : 'type', csvtype);
  form.append('file', new File([file], file.name, { type: 'text/csv' }));
  return form;
}

/**
 * POST /invoices/upload, or POST /distributor_companies/upload for demographic_data and transaction_data
 * (spec 3 §7). Resolves with the result rows of a processed file (rows may have failed: each says why);
 * rejects with an ApiError for a refused file, including an answer that says status error with a 2xx.
 * With `onProgress` the client sends it by XMLHttpRequest to report upload progress.
 */
export async function uploadCsv(client: ApiClient, request: CsvUploadRequest): Promise<CsvUploadResult> {
  const answer = await client.request({
    method: 'POST',
    path: uploadPath(request.csvtype),
    body: uploadForm(request.csvtype, request.file),
    codec: UploadAnswer,
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.onProgress ? { onUploadProgress: request.onProgress } : {}),
  });
  if (answer.status === 'error') throw apiErrorFromBody(200, answer);
  return { rows: answer.message, meta: answer.meta ?? null };
}
