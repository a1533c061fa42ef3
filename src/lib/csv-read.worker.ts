/**
 * The upload's Web Worker: reads a chosen CSV file off the main thread (`serveCsvRead` in csv-read.ts does
 * the work; this file only wires it to the worker's messages). Started by `readCsvOffThread`.
 */
import { serveCsvRead, type CsvReadMessage, type CsvReadRequest } from './csv-read';

/** The worker's global scope, as much of it as this file uses (the project's types are the page's, not a worker's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CsvReadRequest>) => void) | null;
  postMessage: (message: CsvReadMessage) => void;
};

scope.onmessage = (event) => {
  void serveCsvRead(event.data, (message) => scope.postMessage(message));
};
