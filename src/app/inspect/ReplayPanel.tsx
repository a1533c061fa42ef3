import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { parseRecording, stateText, timelineOf, type Recording } from '../../../machines/recording';
import { describeEvent } from '../../../machines/replay';
import { Button, GhostButton } from '../../ui/form';
import { recordingStepAt, recordingSummary } from './inspector-model';
import { ChangeList, Code, ErrorText, JsonDetails, Kbd, Muted, offset, Row, Section, StatusBadge } from './parts';

export interface LoadedRecording {
  recording: Recording;
  fileName: string;
}

const FileField = styled.div`
  display: grid;
  gap: 4px;
  label {
    font-weight: 600;
  }
  input {
    min-height: 44px;
  }
`;

const Position = styled.p`
  font-weight: 700;
  min-width: 120px;
  text-align: center;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Steps = styled.ol`
  display: grid;
  gap: 2px;
  margin: 0;
  padding-left: 0;
  list-style: none;
  max-height: 320px;
  overflow: auto;
  button {
    width: 100%;
    min-height: 32px;
    padding: 4px 8px;
    border: 1px solid transparent;
    border-radius: 6px;
    background: none;
    color: ${({ theme }) => theme.text};
    text-align: start;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  button[aria-current='step'] {
    border-color: ${({ theme }) => theme.primary};
    background: ${({ theme }) => theme.surfaceRaised};
    font-weight: 700;
  }
`;

/** Whether a key press is someone typing (the arrows then move the caret, not the step). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(target.type);
}

/** One recording, step by step: Previous and Next (and the arrow keys), and what each step did. */
function Stepper({ loaded }: { loaded: LoadedRecording }) {
  const { recording } = loaded;
  const timeline = useMemo(() => timelineOf(recording), [recording]);
  const [position, setPosition] = useState(0);
  const total = timeline.length;
  const view = recordingStepAt(recording, position, timeline);
  const summary = recordingSummary(recording);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.defaultPrevented ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        event.shiftKey ||
        typing(event.target)
      )
        return;
      if (event.key === 'ArrowRight') setPosition((p) => Math.min(total - 1, p + 1));
      else if (event.key === 'ArrowLeft') setPosition((p) => Math.max(0, p - 1));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [total]);

  return (
    <div data-testid="stepper">
      <p>
        <strong>{recording.title ? `“${recording.title}”` : loaded.fileName}</strong>{' '}
        <Muted>
          recorded {recording.recordedAt} on <Code>{recording.page}</Code>: {summary.actors}{' '}
          {summary.actors === 1 ? 'actor' : 'actors'}, {summary.steps} {summary.steps === 1 ? 'step' : 'steps'}
          {summary.machines.length > 0 ? ` (${summary.machines.join(', ')})` : ''}.
        </Muted>
      </p>
      {total === 0 || !view ? (
        <p>This recording has no steps.</p>
      ) : (
        <>
          <Row>
            <GhostButton type="button" onClick={() => setPosition((p) => Math.max(0, p - 1))} disabled={position === 0}>
              Previous
            </GhostButton>
            <Position aria-live="polite" data-testid="step-position">
              Step {position + 1} of {total}
            </Position>
            <Button
              type="button"
              onClick={() => setPosition((p) => Math.min(total - 1, p + 1))}
              disabled={position === total - 1}
            >
              Next
            </Button>
            <Muted>
              or <Kbd>←</Kbd> <Kbd>→</Kbd>
            </Muted>
          </Row>
          <Facts data-testid="step-facts">
            <dt>Time</dt>
            <dd>{offset(view.step.at)}</dd>
            <dt>Actor</dt>
            <dd>
              {view.actor.machine}{' '}
              <Muted>
                ({view.actor.sessionId}
                {view.actor.invokeId ? `, as ${view.actor.invokeId}` : ''}
                {view.actor.parent ? `, child of ${view.actor.parent}` : ''})
              </Muted>
            </dd>
            <dt>Event</dt>
            <dd>
              <strong>{describeEvent(view.step)}</strong>
              {view.step.from && <Muted> from {view.step.from}</Muted>}
              <JsonDetails summary="Payload" value={view.step.event} />
            </dd>
            <dt>State before</dt>
            <dd>
              <Code>{stateText(view.previous.value)}</Code>
            </dd>
            <dt>State reached</dt>
            <dd>
              <Code data-testid="step-state">{view.state}</Code>{' '}
              {view.step.status !== 'active' && <StatusBadge status={view.step.status} />}
            </dd>
            <dt>Context</dt>
            <dd>
              <ChangeList changes={view.changes} label="Changes from the previous snapshot" />
              <JsonDetails summary="Context after this step" value={view.step.context} />
            </dd>
          </Facts>
          <h3 id="steps-heading">All steps</h3>
          <Steps aria-labelledby="steps-heading">
            {timeline.map((entry, i) => (
              <li key={`${entry.actor.sessionId}:${entry.index}`}>
                <button type="button" aria-current={i === position ? 'step' : undefined} onClick={() => setPosition(i)}>
                  {i + 1}. {offset(entry.step.at)} {entry.actor.machine}: {describeEvent(entry.step)} →{' '}
                  {stateText(entry.step.value)}
                </button>
              </li>
            ))}
          </Steps>
        </>
      )}
    </div>
  );
}

/** Loading a downloaded recording (or the one just made) and stepping through it. */
export function ReplayPanel({
  loaded,
  onLoad,
}: {
  loaded: LoadedRecording | null;
  onLoad: (loaded: LoadedRecording | null) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const fileId = useId();
  const errorId = useId();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    void file.text().then(
      (text) => {
        const parsed = parseRecording(text);
        if ('error' in parsed) {
          setError(`${file.name}: ${parsed.error}`);
          onLoad(null);
        } else {
          setError(null);
          onLoad({ recording: parsed, fileName: file.name });
        }
      },
      () => setError(`${file.name} cannot be read.`),
    );
  };

  return (
    <Section aria-labelledby="replay-heading">
      <h2 id="replay-heading" tabIndex={-1}>
        Step through a recording
      </h2>
      <FileField>
        <label htmlFor={fileId}>Recording file (.json)</label>
        <input
          id={fileId}
          type="file"
          accept=".json,application/json"
          onChange={onFile}
          aria-describedby={error ? errorId : undefined}
        />
      </FileField>
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
      {loaded ? (
        <Stepper key={`${loaded.fileName}:${loaded.recording.recordedAt}`} loaded={loaded} />
      ) : (
        <p>
          <Muted>
            Load a recording downloaded from this window (or with the shortcut) to see its steps one by one.
          </Muted>
        </p>
      )}
    </Section>
  );
}
