import { describe, expect, it } from 'vitest';
import { serveCsvRead, type CsvReadMessage, type CsvReadProgress } from './csv-read';
import { defaultCsvReadWorker, readCsvOffThread, type CsvReadWorker } from './csv-read-client';

const HEADER = 'invoice_number,customer_code,invoice_date,due_date,amount,erp_invoice_id';
const file = (rows: number) =>
  new File(
    [[HEADER, ...Array.from({ length: rows }, (_, i) => `I-${i},C,2025-01-01,2025-01-02,5,`)].join('\n')],
    'invoices.csv',
    { type: 'text/csv' },
  );

/** A worker that runs the real worker's handler in this thread, or one told what to do. */
function fakeWorker(behaviour: 'serve' | 'crash' | 'fail' | 'hang' = 'serve') {
  const state = { terminated: false, posted: 0 };
  const worker: CsvReadWorker = {
    onmessage: null,
    onerror: null,
    terminate: () => {
      state.terminated = true;
    },
    postMessage: (request) => {
      state.posted += 1;
      const post = (message: CsvReadMessage) =>
        setTimeout(() => !state.terminated && worker.onmessage?.({ data: message } as MessageEvent<CsvReadMessage>), 0);
      if (behaviour === 'serve') void serveCsvRead(request, post);
      else if (behaviour === 'fail') post({ type: 'failed', message: 'No memory left.' });
      else if (behaviour === 'crash')
        setTimeout(() => worker.onerror?.({ message: '', preventDefault: () => {} } as unknown as ErrorEvent), 0);
    },
  };
  return { worker, state };
}

describe('readCsvOffThread', () => {
  it('reads in the worker: relays its progress, settles with its summary and stops it', async () => {
    const { worker, state } = fakeWorker();
    const progress: CsvReadProgress[] = [];
    const summary = await readCsvOffThread(file(1_100), {
      createWorker: () => worker,
      onProgress: (p) => progress.push(p),
    });
    expect(summary).toMatchObject({ rows: 1_100, problem: null });
    expect(progress.map((p) => p.rows)).toEqual([500, 1_000, 1_100]);
    expect(state).toEqual({ terminated: true, posted: 1 });
  });

  it('rejects when the worker says it failed, or cannot start or run', async () => {
    await expect(readCsvOffThread(file(1), { createWorker: () => fakeWorker('fail').worker })).rejects.toThrow(
      'No memory left.',
    );
    const crashed = fakeWorker('crash');
    await expect(readCsvOffThread(file(1), { createWorker: () => crashed.worker })).rejects.toThrow(
      'The file reader stopped.',
    );
    expect(crashed.state.terminated).toBe(true);
    await expect(
      readCsvOffThread(file(1), {
        createWorker: () => {
          throw new Error('Refused by the content security policy');
        },
      }),
    ).rejects.toThrow('Refused by the content security policy');
  });

  it('stops the worker when aborted, and rejects with an AbortError', async () => {
    const { worker, state } = fakeWorker('hang');
    const controller = new AbortController();
    const reading = readCsvOffThread(file(1), { createWorker: () => worker, signal: controller.signal });
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.terminated).toBe(true);
    await expect(
      readCsvOffThread(file(1), { createWorker: () => worker, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads on the page where there is no Worker (as here, in Node)', async () => {
    expect(defaultCsvReadWorker).toBeNull();
    const progress: number[] = [];
    await expect(readCsvOffThread(file(3), { onProgress: (p) => progress.push(p.rows) })).resolves.toMatchObject({
      rows: 3,
      problem: null,
    });
    expect(progress).toEqual([3]);
  });
});
