import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';
import { createRecorder, type Recorder } from '../../../machines/recorder';
import type { Recording } from '../../../machines/recording';
import { MACHINES } from '../../../machines/registry';
import { INSPECTOR_PATH, setInspectionListener, type InspectTarget } from '../../lib/inspection';
import {
  downloadRecording,
  isRecordingCommand,
  RECORD_SHORTCUT,
  RECORDING_MESSAGE,
  type RecordingReport,
} from './protocol';
import { plainInspectionEvent, statelyEventOf } from './serialize';

const isShortcut = (e: KeyboardEvent) => e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyR';

/** What tests and QA scripts may drive from the page (Playwright: `window.__flowRecorder`). */
interface FlowRecorderHandle {
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
  const inspector = createBrowserInspector({
    ...(target === 'local' ? { url: `${win.location.origin}${INSPECTOR_PATH}` } : {}),
    window: win,
    // Plain, masked JSON without the parts of a snapshot nobody inspects (a promise actor's input).
    serialize: (event) => plainInspectionEvent(event, (value) => recorder.masker.maskJson(value)),
    // What happened before the inspector window announced itself: a slow first load still shows the login.
    maxDeferredEvents: 1000,
  });
  // The events go to the window as soon as the work that caused them is over (a microtask later: an actor's
  // registration has its first snapshot by then), not when the page is idle (serialize.ts says why).
  const pending: [InspectionEvent, number][] = [];
  const flush = () => {
    for (const [event, at] of pending.splice(0)) {
      try {
        const stately = statelyEventOf(event, at);
        if (stately) inspector.adapter.send(stately);
      } catch (error) {
        // One event the inspector cannot take (a value JSON cannot hold) must not cost it the others.
        console.warn('Inspector: an inspection event could not be sent.', error);
      }
    }
  };
  setInspectionListener((event) => {
    recorder.observe(event);
    if (pending.push([event, Date.now()]) === 1) queueMicrotask(flush);
  });

  const badge = recordingBadge(win.document);
  // Our inspector page hears of every start and stop (the shortcut's, a test's), so its controls stay true.
  const tell = (finished?: Recording | null) => {
    const report: RecordingReport = {
      type: RECORDING_MESSAGE,
      recording: recorder.isRecording(),
      ...(finished === undefined ? {} : { finished }),
    };
    if (target === 'local') inspector.adapter.targetWindow?.postMessage(report, win.location.origin);
  };
  const handle: FlowRecorderHandle = {
    start: (title) => {
      recorder.start(win.location.pathname, title);
      badge(true);
      tell();
    },
    stop: () => {
      badge(false);
      const finished = recorder.stop();
      tell(finished);
      return finished;
    },
    isRecording: () => recorder.isRecording(),
  };
  win.__flowRecorder = handle;

  win.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.origin !== win.location.origin || !isRecordingCommand(event.data)) return;
    let finished: Recording | null | undefined;
    if (event.data.command === 'start') handle.start(event.data.title);
    else if (event.data.command === 'stop') finished = handle.stop();
    const source = event.source as Window | null;
    // The inspector window heard of a start or stop already (tell); anyone else asking gets the answer here.
    if (event.data.command !== 'status' && target === 'local' && source === inspector.adapter.targetWindow) return;
    const report: RecordingReport = {
      type: RECORDING_MESSAGE,
      recording: recorder.isRecording(),
      ...(finished === undefined ? {} : { finished }),
    };
    source?.postMessage(report, win.location.origin);
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
