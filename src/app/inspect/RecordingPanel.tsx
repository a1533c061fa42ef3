import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Recording } from '../../../machines/recording';
import { Button, GhostButton } from '../../ui/form';
import { Input } from '../../ui/controls';
import { recordingSummary, type LiveModel } from './inspector-model';
import { liveStore } from './live';
import { Kbd, Muted, Notice, Row, Section } from './parts';
import {
  isRecordingReport,
  RECORD_SHORTCUT,
  RECORDING_MESSAGE,
  recordingFileName,
  type RecordingCommand,
} from './protocol';

/** How long the page waits for the app's answer before it says the app is not listening. */
const ANSWER_WAIT_MS = 3000;

type Link = 'none' | 'waiting' | 'connected' | 'silent';

export interface FinishedRecording {
  recording: Recording;
  url: string;
  fileName: string;
}

const TitleField = styled.div`
  display: grid;
  gap: 4px;
  label {
    font-weight: 600;
  }
  input {
    min-width: 280px;
  }
`;

const Buttons = styled(Row)`
  align-self: end;
`;

const Status = styled.p`
  font-weight: 700;
`;

const Download = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 16px;
  border-radius: 8px;
  background: ${({ theme }) => theme.primary};
  color: ${({ theme }) => theme.primaryText};
  font-weight: 600;
  text-decoration: none;
  overflow-wrap: anywhere;
`;

/** The app window that opened this one, if it is still there. */
const appWindow = (win: Window): Window | null => {
  const opener = win.opener as Window | null;
  return opener && !opener.closed ? opener : null;
};

function sentence(summary: ReturnType<typeof recordingSummary>): string {
  return `${summary.actors} ${summary.actors === 1 ? 'actor' : 'actors'}, ${summary.steps} ${summary.steps === 1 ? 'step' : 'steps'}`;
}

/**
 * Start and stop a recording in the app (it records; this window asks it to, protocol.ts), and the finished
 * recording as a download. Without the app (this page opened on its own) it says how to get there.
 */
export function RecordingPanel({
  model,
  onStepThrough,
}: {
  model: LiveModel;
  onStepThrough: (recording: Recording, fileName: string) => void;
}) {
  const [app] = useState(() => appWindow(window));
  const [link, setLink] = useState<Link>(app ? 'waiting' : 'none');
  const [recording, setRecording] = useState(false);
  const [startSeq, setStartSeq] = useState<number | null>(null);
  const [finished, setFinished] = useState<FinishedRecording | null>(null);
  const [nothing, setNothing] = useState(false);
  const [title, setTitle] = useState('');
  const titleId = useId();
  const offered = useRef<FinishedRecording | null>(null);

  useEffect(() => {
    if (!app) return;
    const origin = window.location.origin;
    let answered = false;
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== origin || !isRecordingReport(event.data)) return;
      const report = event.data;
      answered = true;
      setLink('connected');
      setRecording(report.recording);
      if (report.recording) {
        setStartSeq((seq) => seq ?? liveStore().getSnapshot().nextSeq);
        setNothing(false);
      } else setStartSeq(null);
      if (report.finished === undefined) return;
      if (report.finished === null) {
        setNothing(true);
        return;
      }
      const done = report.finished;
      // The same recording told twice (the app's notice and its answer) is offered once.
      if (offered.current?.recording.recordedAt === done.recordedAt) return;
      if (offered.current) URL.revokeObjectURL(offered.current.url);
      const url = URL.createObjectURL(new Blob([`${JSON.stringify(done, null, 2)}\n`], { type: 'application/json' }));
      offered.current = { recording: done, url, fileName: recordingFileName(done) };
      setFinished(offered.current);
      setNothing(false);
    };
    window.addEventListener('message', onMessage);
    const ask: RecordingCommand = { type: RECORDING_MESSAGE, command: 'status' };
    app.postMessage(ask, origin);
    const timer = setTimeout(() => {
      if (!answered) setLink('silent');
    }, ANSWER_WAIT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [app]);

  const send = (command: RecordingCommand['command'], withTitle?: string) => {
    const message: RecordingCommand = { type: RECORDING_MESSAGE, command, ...(withTitle ? { title: withTitle } : {}) };
    app?.postMessage(message, window.location.origin);
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    send('start', title.trim());
  };

  const steps =
    startSeq === null
      ? 0
      : model.timeline.filter((e) => e.seq >= startSeq && e.kind === 'event' && e.type !== 'xstate.init').length;
  const summary = finished ? recordingSummary(finished.recording) : null;
  const status = recording
    ? 'Recording…'
    : finished && summary
      ? `Recording stopped: ${sentence(summary)}.`
      : nothing
        ? 'Recording stopped: nothing was recorded.'
        : 'Not recording.';

  return (
    <Section aria-labelledby="record-heading">
      <h2 id="record-heading">Record a flow</h2>
      {link === 'none' ? (
        <Notice data-testid="no-app">
          <p>
            <strong>This window is not connected to the app.</strong> Open the app with <code>?inspect</code> in its
            address (for example <code>/login?inspect</code>): it opens this inspector by itself and sends it every
            flow.
          </p>
          <p>
            Or record in the app window itself: press <Kbd>{RECORD_SHORTCUT}</Kbd> there to start, and again to stop;
            the recording downloads.
          </p>
        </Notice>
      ) : (
        <>
          {link === 'silent' && (
            <Notice>
              <p>
                The app did not answer. Is it still open with <code>?inspect</code>? Reload it with{' '}
                <code>?inspect</code> and this window opens again.
              </p>
            </Notice>
          )}
          <form onSubmit={start} aria-label="Recording">
            <Row>
              <TitleField>
                <label htmlFor={titleId}>Title (optional)</label>
                <Input
                  id={titleId}
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  placeholder="What this flow shows"
                  disabled={recording}
                />
              </TitleField>
              <Buttons>
                <Button type="submit" disabled={recording}>
                  Start recording
                </Button>
                <GhostButton type="button" disabled={!recording} onClick={() => send('stop')}>
                  Stop recording
                </GhostButton>
              </Buttons>
            </Row>
          </form>
          <Status role="status" data-testid="recording-status">
            {status}
          </Status>
          {recording && (
            <p data-testid="recording-count">
              {steps} {steps === 1 ? 'event' : 'events'} since the start.
            </p>
          )}
          {finished && summary && !recording && (
            <Row>
              <Download href={finished.url} download={finished.fileName} data-testid="recording-download">
                Download {finished.fileName}
              </Download>
              <GhostButton type="button" onClick={() => onStepThrough(finished.recording, finished.fileName)}>
                Step through it here
              </GhostButton>
              <Muted>
                {finished.recording.title ? `“${finished.recording.title}”: ` : ''}
                {sentence(summary)}
                {summary.machines.length > 0 ? ` (${summary.machines.join(', ')})` : ''}.
              </Muted>
            </Row>
          )}
          <p>
            <Muted>
              In the app window, <Kbd>{RECORD_SHORTCUT}</Kbd> starts and stops a recording too (the app downloads it).
            </Muted>
          </p>
        </>
      )}
    </Section>
  );
}
