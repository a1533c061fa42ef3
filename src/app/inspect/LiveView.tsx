import { useId, useState } from 'react';
import styled from 'styled-components';
import { describeEvent } from '../../../machines/replay';
import { GhostButton, LinkButton } from '../../ui/form';
import {
  actorStateText,
  actorTree,
  entriesFor,
  isFinished,
  type ActorNode,
  type LiveActor,
  type LiveEntry,
  type LiveModel,
} from './inspector-model';
import { ChangeList, Code, Columns, Empty, JsonDetails, Muted, offset, Row, Section, StatusBadge } from './parts';

/** How many timeline entries the page draws (the newest); the model keeps more. */
const SHOWN_ENTRIES = 250;

const ActorList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
  ul {
    list-style: none;
    margin: 6px 0 0;
    padding: 0 0 0 18px;
    display: grid;
    gap: 6px;
    border-left: 2px solid ${({ theme }) => theme.border};
  }
`;

const ActorButton = styled.button`
  display: grid;
  gap: 2px;
  width: 100%;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
  text-align: start;
  cursor: pointer;
  span {
    overflow-wrap: anywhere;
  }
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.primary};
    box-shadow: inset 4px 0 0 ${({ theme }) => theme.primary};
  }
`;

const Check = styled.input`
  width: 24px;
  height: 24px;
  margin: 0;
`;

const ActorName = styled.span`
  font-weight: 700;
`;

function actorLabel(actor: Pick<LiveActor, 'name' | 'sessionId'> | undefined, sessionId: string): string {
  return actor ? `${actor.name} (${actor.sessionId})` : sessionId;
}

function ActorItem({
  node,
  model,
  selected,
  onSelect,
}: {
  node: ActorNode;
  model: LiveModel;
  selected: string | null;
  onSelect: (id: string | null) => void;
}) {
  const { actor } = node;
  const parent = actor.parentId ? model.actors[actor.parentId] : undefined;
  const pressed = selected === actor.sessionId;
  return (
    <li data-testid="inspector-actor" data-machine={actor.name}>
      <ActorButton type="button" aria-pressed={pressed} onClick={() => onSelect(pressed ? null : actor.sessionId)}>
        <span>
          <ActorName>{actor.name}</ActorName> <Muted>{actor.sessionId}</Muted>
          {actor.actorId && <Muted> as {actor.actorId}</Muted>}
        </span>
        {actor.parentId && <Muted>child of {actorLabel(parent, actor.parentId)}</Muted>}
        <span>
          State: <Code data-testid="actor-state">{actorStateText(actor)}</Code>
        </span>
        <span>
          <StatusBadge status={actor.status} /> <Muted>{actor.events} events</Muted>
        </span>
      </ActorButton>
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child) => (
            <ActorItem key={child.actor.sessionId} node={child} model={model} selected={selected} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </li>
  );
}

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const EntryBox = styled.li`
  display: grid;
  gap: 4px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
  min-width: 0;
  p {
    overflow-wrap: anywhere;
  }
`;

const EventType = styled.strong`
  overflow-wrap: anywhere;
`;

function TimelineEntry({ entry, model }: { entry: LiveEntry; model: LiveModel }) {
  const actor = model.actors[entry.sessionId];
  const source = entry.sourceId ? model.actors[entry.sourceId] : undefined;
  const described =
    entry.kind === 'snapshot' ? `snapshot after ${entry.type}` : describeEvent({ event: { type: entry.type } });
  return (
    <EntryBox data-testid="timeline-entry" data-event={entry.type}>
      <p>
        <Muted>{offset(entry.at - (model.startedAt ?? entry.at))}</Muted> <EventType>{described}</EventType>{' '}
        <Muted>to</Muted> {actorLabel(actor, entry.sessionId)}
        {entry.sourceId && entry.sourceId !== entry.sessionId && (
          <>
            {' '}
            <Muted>from</Muted> {actorLabel(source, entry.sourceId)}
          </>
        )}
      </p>
      {entry.settled ? (
        <p>
          <Muted>State reached:</Muted> <Code>{entry.state}</Code>
          {entry.status && entry.status !== 'active' && (
            <>
              {' '}
              <StatusBadge status={entry.status} />
            </>
          )}
        </p>
      ) : (
        <p>
          <Muted>No state change reported for this event.</Muted>
        </p>
      )}
      {entry.changes && (
        <ChangeList changes={entry.changes} label={entry.initial ? 'Starting context' : 'Context changes'} />
      )}
      <JsonDetails summary={`Payload of ${entry.type}`} value={entry.event} />
    </EntryBox>
  );
}

/** The live part of the page: the actors (a tree) and the timeline of what they received, newest first. */
export function LiveView({ model, onClear }: { model: LiveModel; onClear: () => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [hideFinished, setHideFinished] = useState(false);
  const hideId = useId();
  const tree = actorTree(model, (actor) => !hideFinished || !isFinished(actor) || actor.sessionId === selected);
  const selectedActor = selected ? model.actors[selected] : undefined;
  const entries = entriesFor(model.timeline, selectedActor ? selectedActor.sessionId : null);
  const newest = entries.slice(-SHOWN_ENTRIES).reverse();

  return (
    <Columns>
      <Section aria-labelledby="actors-heading">
        <h2 id="actors-heading">Actors ({model.order.length})</h2>
        <Row>
          <Check
            id={hideId}
            type="checkbox"
            checked={hideFinished}
            onChange={(e) => setHideFinished(e.target.checked)}
          />
          <label htmlFor={hideId}>Hide finished actors</label>
        </Row>
        {model.order.length === 0 ? (
          <Empty>
            No actors yet: open the app with <Code>?inspect</Code> in its address (this window opens with it) and use
            it.
          </Empty>
        ) : (
          <>
            <p>
              <Muted>Select an actor to see only its events.</Muted>
            </p>
            <ActorList aria-label="Actors, children under their parent">
              {tree.map((node) => (
                <ActorItem
                  key={node.actor.sessionId}
                  node={node}
                  model={model}
                  selected={selected}
                  onSelect={setSelected}
                />
              ))}
            </ActorList>
          </>
        )}
      </Section>

      <Section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">
          Timeline{selectedActor ? ` of ${selectedActor.name} (${selectedActor.sessionId})` : ''}
        </h2>
        {selectedActor && (
          <div data-testid="selected-actor">
            <p>
              <Muted>State:</Muted> <Code>{actorStateText(selectedActor)}</Code>{' '}
              <StatusBadge status={selectedActor.status} />{' '}
              <LinkButton type="button" onClick={() => setSelected(null)}>
                Show all actors
              </LinkButton>
            </p>
            <JsonDetails summary="Current context" value={selectedActor.context} />
          </div>
        )}
        <Row>
          <Muted>
            {entries.length === 0
              ? 'No events yet.'
              : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}, newest first${entries.length > SHOWN_ENTRIES ? ` (the newest ${SHOWN_ENTRIES} shown)` : ''}.`}
          </Muted>
          {model.timeline.length > 0 && (
            <GhostButton type="button" onClick={onClear}>
              Clear timeline
            </GhostButton>
          )}
        </Row>
        {newest.length > 0 && (
          <Timeline aria-label="Events, newest first">
            {newest.map((entry) => (
              <TimelineEntry key={entry.seq} entry={entry} model={model} />
            ))}
          </Timeline>
        )}
      </Section>
    </Columns>
  );
}
