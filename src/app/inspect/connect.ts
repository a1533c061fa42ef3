import { createBrowserInspector } from '@statelyai/inspect';
import type { AnyEventObject, MachineContext } from 'xstate';
import { createRecorder, type Recorder } from '../../../machines/recorder';
import { toJson, type Recording } from '../../../machines/recording';
import { MACHINES } from '../../../machines/registry';
import { INSPECTOR_PATH, setInspectionListener, type InspectTarget } from '../../lib/inspection';
import { downloadRecording, isRecordingCommand, RECORDING_MESSAGE, type RecordingReport } from './protocol';

/** The keyboard shortcut that starts and stops a recording in the app itself (the file downloads on stop). */
export const RECORD_SHORTCUT = 'Alt+Shift+R';
const isShortcut = (e: KeyboardEvent) => e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyR';

/** What tests and QA scripts may drive from the page (Playwright: `window.__flowRecorder`). */
export interface FlowRecorderHandle {
  start: (title?: string) => void;
  stop: () => Recording | null;
  isRecording: () => boolean;
}

declare global {
  interface Window {
    __flowRecorder?: FlowRecorderHandle;
  }
}

/** A small fixed notice while recording, so nobody records by accident. */
function recordingBadge(doc: Document) {
  let badge: HTMLElement | null = null;
  return (on: boolean) => {
    if (on && !badge) {
      badge = doc.createElement('div');
      badge.setAttribute('role', 'status');
      badge.textContent = `● Recording this flow (${RECORD_SHORTCUT} stops)`;
      badge.style.cssText =
        'position:fixed;right:8px;bottom:8px;z-index:99999;padding:4px 10px;border-radius:4px;background:#7f1d1d;color:#fff;font:600 13px/1.4 system-ui,sans-serif;pointer-events:none';
      doc.body.append(badge);
    } else if (!on && badge) {
      badge.remove();
      badge = null;
    }
  };
}

/**
 * Turns inspection on for this page: every actor created from now on reports to the inspector window (ours at
 * /__inspector, or Stately's) with secrets masked, and to a recorder that QA starts and stops from the
 * inspector page, with RECORD_SHORTCUT, or through `window.__flowRecorder`. Loaded only when asked for
 * (src/main.tsx), so none of it is in the app's bundle otherwise.
 */
export function connectInspector(target: InspectTarget, win: Window = window): Recorder {
  const recorder = createRecorder({ machines: MACHINES, now: () => win.performance.now(), clock: () => new Date() });
  const mask = (value: unknown) => recorder.masker.maskJson(toJson(value));
  const inspector = createBrowserInspector({
    ...(target === 'local' ? { url: `${win.location.origin}${INSPECTOR_PATH}` } : {}),
    window: win,
    sanitizeEvent: (event) => mask(event) as AnyEventObject,
    sanitizeContext: (context) => mask(context) as MachineContext,
  });
  setInspectionListener((event) => {
    recorder.observe(event);
    inspector.inspect.next?.(event);
  });

  const badge = recordingBadge(win.document);
  const handle: FlowRecorderHandle = {
    start: (title) => {
      recorder.start(win.location.pathname, title);
      badge(true);
    },
    stop: () => {
      badge(false);
      return recorder.stop();
    },
    isRecording: () => recorder.isRecording(),
  };
  win.__flowRecorder = handle;

  win.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.origin !== win.location.origin || !isRecordingCommand(event.data)) return;
    let finished: Recording | null | undefined;
    if (event.data.command === 'start') handle.start(event.data.title);
    else if (event.data.command === 'stop') finished = handle.stop();
    const report: RecordingReport = { type: RECORDING_MESSAGE, recording: recorder.isRecording(), ...(finished === undefined ? {} : { finished }) };
    (event.source as Window | null)?.postMessage(report, win.location.origin);
  });
  win.addEventListener('keydown', (event) => {
    if (!isShortcut(event)) return;
    event.preventDefault();
    if (!recorder.isRecording()) handle.start();
    else {
      const finished = handle.stop();
      if (finished) downloadRecording(finished, win.document);
    }
  });
  return recorder;
}
