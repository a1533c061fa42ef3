import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { uploadCsv } from '../../../src/api/uploads';
import type { CsvType } from '../../../src/domain/csv';
import { authHeaders, clientFor, exactly, JSON_CONTENT, newPact } from '../pact';
import { UPLOAD_FIXTURES } from '../../../mock-server/pact-states/upload-fixtures';

const { eachLike, equal, regex, string } = MatchersV3;
const pact = newPact();

/**
 * The CSV uploads as multipart requests. Pact compares a multipart body part by part: the request
 * carries a fixed boundary here (the client's own is random, so the Content-Type header is matched by a
 * regex), the file part is compared byte for byte with the fixture and must say text/csv, and the type
 * field is pinned with an equality rule. The file name is not compared.
 */
const BOUNDARY = 'anchor-portal-csv-upload';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const multipartHeaders = () =>
  authHeaders({ 'Content-Type': regex('^multipart/form-data;\\s*boundary=.+$', MULTIPART) as unknown as string });

function multipartBody(typeField: 'csvtype' | 'type', csvtype: CsvType, filename: string, csv: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${typeField}"\r\n\r\n${csvtype}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n` +
      `--${BOUNDARY}--\r\n`,
  );
}

const typeRule = (typeField: 'csvtype' | 'type', csvtype: CsvType) => ({
  body: [{ path: `$.${typeField}`, rules: [equal(csvtype)] }],
});
const csvFile = (name: string, csv: string) => new File([csv], name, { type: 'text/csv' });
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';
const FILE_ID = regex('^UPL-\\d{6}$', 'UPL-000001');

describe('CSV uploads', () => {
  it('POST /invoices/upload stores the good rows of an invoice file and gives each row its status and reason', () => {
    const { filename, csv } = UPLOAD_FIXTURES.invoices;
    return pact
      .addInteraction()
      .given('t1@anchor.test is logged in')
      .given('the invoices of the invoice upload fixture are not on record')
      .uponReceiving('an invoice CSV with one good row and one for an unknown customer')
      .withRequest('POST', '/invoices/upload', (b) =>
        b
          .headers(multipartHeaders())
          .body(MULTIPART, multipartBody('csvtype', 'invoice', filename, csv))
          .matchingRules(typeRule('csvtype', 'invoice')),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          status: 'success',
          message: [
            { row: 2, invoice_number: 'UP/2627/0001', status: 'success', failure_reason: null },
            {
              row: 3,
              invoice_number: 'UP/2627/0002',
              status: 'failed',
              failure_reason: string('Row 3: customer_code NOPE-404 is not one of your customers'),
            },
          ],
          meta: {
            file_id: FILE_ID,
            csvtype: 'invoice',
            total_rows: 2,
            accepted_rows: 1,
            rejected_rows: 1,
            last_invoices_upload: regex(ISO_TIMESTAMP, '2026-11-22T04:30:00.000Z'),
          },
        }),
      )
      .executeTest(async (server) => {
        const progress: number[] = [];
        const result = await uploadCsv(clientFor(server.url), {
          csvtype: 'invoice',
          file: csvFile(filename, csv),
          onProgress: (p) => progress.push(p.loaded),
        });
        expect(result.rows).toEqual([
          { row: 2, invoice_number: 'UP/2627/0001', status: 'success', failure_reason: null },
          {
            row: 3,
            invoice_number: 'UP/2627/0002',
            status: 'failed',
            failure_reason: 'Row 3: customer_code NOPE-404 is not one of your customers',
          },
        ]);
        expect(result.meta).toMatchObject({ file_id: 'UPL-000001', accepted_rows: 1, rejected_rows: 1 });
        // Node has no XMLHttpRequest: the upload goes by fetch and reports no progress.
        expect(progress).toEqual([]);
      });
  });

  it('POST /invoices/upload refuses a file with the wrong header as a whole', () => {
    const { filename, csv } = UPLOAD_FIXTURES.wrongHeader;
    return pact
      .addInteraction()
      .given('t1@anchor.test is logged in')
      .uponReceiving('an invoice CSV whose header is not the template’s')
      .withRequest('POST', '/invoices/upload', (b) =>
        b
          .headers(multipartHeaders())
          .body(MULTIPART, multipartBody('csvtype', 'invoice', filename, csv))
          .matchingRules(typeRule('csvtype', 'invoice')),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          status: 'error',
          errors: eachLike({
            code: 'ER-UPLOAD-HEADER',
            title: 'file',
            detail: string(
              "The header row does not match the invoice template (missing invoice_number, amount; unknown 'invoice_no', 'total'). Expected columns: invoice_number, customer_code, invoice_date, due_date, amount, and optionally erp_invoice_id.",
            ),
          }),
        }),
      )
      .executeTest(async (server) => {
        const error = await uploadCsv(clientFor(server.url), {
          csvtype: 'invoice',
          file: csvFile(filename, csv),
        }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(422);
        expect((error as ApiError).code).toBe('ER-UPLOAD-HEADER');
        expect((error as ApiError).text).toMatch(/^The header row does not match the invoice template/);
      });
  });

  it('POST /distributor_companies/upload takes the customer master (type demographic_data) and answers one row for the file', () => {
    const { filename, csv } = UPLOAD_FIXTURES.customerMaster;
    return pact
      .addInteraction()
      .given('t1@anchor.test is logged in')
      .given('the customers of the customer master fixture are not on record')
      .uponReceiving('a customer master CSV with one good row and one bad row')
      .withRequest('POST', '/distributor_companies/upload', (b) =>
        b
          .headers(multipartHeaders())
          .body(MULTIPART, multipartBody('type', 'demographic_data', filename, csv))
          .matchingRules(typeRule('type', 'demographic_data')),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          status: 'success',
          message: [
            {
              file_id: FILE_ID,
              status: 'partial',
              failure_reason: eachLike(string("Row 3: region 'central' must be one of north, east, west, south")),
            },
          ],
          meta: { file_id: FILE_ID, csvtype: 'demographic_data', total_rows: 2, accepted_rows: 1, rejected_rows: 1 },
        }),
      )
      .executeTest(async (server) => {
        const result = await uploadCsv(clientFor(server.url), {
          csvtype: 'demographic_data',
          file: csvFile(filename, csv),
        });
        expect(result.rows).toEqual([
          {
            file_id: 'UPL-000001',
            status: 'partial',
            failure_reason: ["Row 3: region 'central' must be one of north, east, west, south"],
          },
        ]);
      });
  });

  it('POST /distributor_companies/upload takes the customer history (type transaction_data)', () => {
    const { filename, csv } = UPLOAD_FIXTURES.customerHistory;
    return pact
      .addInteraction()
      .given('t1@anchor.test is logged in')
      .given('the invoices of the customer history fixture are not on record')
      .uponReceiving('a customer history CSV whose rows are all good')
      .withRequest('POST', '/distributor_companies/upload', (b) =>
        b
          .headers(multipartHeaders())
          .body(MULTIPART, multipartBody('type', 'transaction_data', filename, csv))
          .matchingRules(typeRule('type', 'transaction_data')),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          status: 'success',
          message: [{ file_id: FILE_ID, status: 'success', failure_reason: [] }],
          meta: { file_id: FILE_ID, csvtype: 'transaction_data', total_rows: 2, accepted_rows: 2, rejected_rows: 0 },
        }),
      )
      .executeTest(async (server) => {
        const result = await uploadCsv(clientFor(server.url), {
          csvtype: 'transaction_data',
          file: csvFile(filename, csv),
        });
        expect(result.rows).toEqual([{ file_id: 'UPL-000001', status: 'success', failure_reason: [] }]);
        expect(result.meta).toMatchObject({ accepted_rows: 2, rejected_rows: 0 });
      });
  });

  // The Invoices page's modal sends its customer files to /invoices/upload as csvtype distributor and
  // distributor_history (spec 1 §7); the answer is the customer-file shape, one row for the file.
  it('POST /invoices/upload takes the customer master as csvtype distributor', () => {
    const { filename, csv } = UPLOAD_FIXTURES.customerMaster;
    return pact
      .addInteraction()
      .given('t1@anchor.test is logged in')
      .given('the customers of the customer master fixture are not on record')
      .uponReceiving('a customer master CSV sent to the invoice upload as csvtype distributor')
      .withRequest('POST', '/invoices/upload', (b) =>
        b
          .headers(multipartHeaders())
          .body(MULTIPART, multipartBody('csvtype', 'distributor', filename, csv))
          .matchingRules(typeRule('csvtype', 'distributor')),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          status: 'success',
          message: [
            {
              file_id: FILE_ID,
              status: 'partial',
              failure_reason: eachLike(string("Row 3: region 'central' must be one of north, east, west, south")),
            },
          ],
          meta: { file_id: FILE_ID, csvtype: 'distributor', total_rows: 2, accepted_rows: 1, rejected_rows: 1 },
        }),
      )
      .executeTest(async (server) => {
        const result = await uploadCsv(clientFor(server.url), { csvtype: 'distributor', file: csvFile(filename, csv) });
        expect(result.rows).toEqual([
          {
            file_id: 'UPL-000001',
            status: 'partial',
            failure_reason: ["Row 3: region 'central' must be one of north, east, west, south"],
          },
        ]);
        expect(result.meta).toMatchObject({ csvtype: 'distributor', accepted_rows: 1, rejected_rows: 1 });
      });
  });

  it('POST /invoices/upload takes the customer history as csvtype distributor_history', () => {
    const { filename, csv } = UPLOAD_FIXTURES.customerHistory;
    return pact
      .addInteraction()
      .given('t1@anchor.test is logged in')
      .given('the invoices of the customer history fixture are not on record')
      .uponReceiving('a customer history CSV sent to the invoice upload as csvtype distributor_history')
      .withRequest('POST', '/invoices/upload', (b) =>
        b
          .headers(multipartHeaders())
          .body(MULTIPART, multipartBody('csvtype', 'distributor_history', filename, csv))
          .matchingRules(typeRule('csvtype', 'distributor_history')),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          status: 'success',
          message: [{ file_id: FILE_ID, status: 'success', failure_reason: [] }],
          meta: { file_id: FILE_ID, csvtype: 'distributor_history', total_rows: 2, accepted_rows: 2, rejected_rows: 0 },
        }),
      )
      .executeTest(async (server) => {
        const result = await uploadCsv(clientFor(server.url), {
          csvtype: 'distributor_history',
          file: csvFile(filename, csv),
        });
        expect(result.rows).toEqual([{ file_id: 'UPL-000001', status: 'success', failure_reason: [] }]);
        expect(result.meta).toMatchObject({ csvtype: 'distributor_history', accepted_rows: 2 });
      });
  });

  it('an upload needs a logged-in user', () => {
    const { filename, csv } = UPLOAD_FIXTURES.invoices;
    return pact
      .addInteraction()
      .given('the auth token is invalid')
      .uponReceiving('an invoice CSV upload with a token that is not valid')
      .withRequest('POST', '/invoices/upload', (b) =>
        b
          .headers(multipartHeaders())
          .body(MULTIPART, multipartBody('csvtype', 'invoice', filename, csv))
          .matchingRules(typeRule('csvtype', 'invoice')),
      )
      .willRespondWith(401, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: eachLike({
            code: exactly('ER-AUTH-102'),
            detail: string('Auth token is invalid or has been revoked.'),
          }),
        }),
      )
      .executeTest(async (server) => {
        const error = await uploadCsv(clientFor(server.url), {
          csvtype: 'invoice',
          file: csvFile(filename, csv),
        }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).code).toBe('ER-AUTH-102');
      });
  });
});
