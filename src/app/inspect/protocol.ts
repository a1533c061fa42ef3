import type { Recording } from '../../../machines/recording';

/**
 * What the app and our inspector page (same origin, the page opened by the app) say to each other about
 * recordings. The inspection events themselves travel as @statelyai/inspect sends them.
 */
export const RECORDING_MESSAGE = 'anchor-portal.recording';

/** The keyboard shortcut that starts and stops a recording in the app itself (the file downloads on stop). */
export const RECORD_SHORTCUT = 'Alt+Shift+R';

/** The inspector page asks the app to start or stop recording, or for its state. */
export interface RecordingCommand {
  type: typeof RECORDING_MESSAGE;
  command: 'start' | 'stop' | 'status';
  title?: string;
}

/** The app answers with its state, and the recording when one was stopped. */
export interface RecordingReport {
  type: typeof RECORDING_MESSAGE;
  recording: boolean;
  finished?: Recording | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const isRecordingCommand = (data: unknown): data is RecordingCommand =>
  isRecord(data) &&
  data.type === RECORDING_MESSAGE &&
  (data.command === 'start' || data.command === 'stop' || data.command === 'status');

export const isRecordingReport = (data: unknown): data is RecordingReport =>
  isRecord(data) && data.type === RECORDING_MESSAGE && typeof data.recording === 'boolean';

/** The file name a recording is saved under: what it recorded and when. */
export function recordingFileName(recording: Recording): string {
  const machines = [...new Set(recording.actors.filter((a) => !a.parent).map((a) => a.machine))].join('-') || 'empty';
  return `flow-${machines}-${recording.recordedAt.slice(0, 19).replace(/[:T]/g, '-')}.json`;
}

/** Saves `recording` as a JSON file (the browser's download). */
export function downloadRecording(recording: Recording, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(recording, null, 2)}\n`], { type: 'application/json' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = recordingFileName(recording);
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
