import styled from 'styled-components';
import { prettyJson, preview, type JsonChange } from './json-diff';

/** The building blocks of the inspector page (its own look on top of the app's theme). */

export const Page = styled.div`
  max-width: 1400px;
  margin: 0 auto;
  padding: 0 24px 48px;
  code,
  pre {
    font-family: ui-monospace, 'Cascadia Mono', 'DejaVu Sans Mono', Menlo, monospace;
    font-size: 13px;
  }
`;

export const Banner = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 16px 0;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  margin-bottom: 20px;
  h1 {
    margin: 0;
    font-size: 24px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.textMuted};
  }
`;

export const Section = styled.section`
  display: grid;
  gap: 12px;
  align-content: start;
  min-width: 0;
  padding: 16px;
  margin-bottom: 20px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 12px;
  background: ${({ theme }) => theme.surface};
  h2 {
    margin: 0;
    font-size: 18px;
  }
  h3 {
    margin: 0;
    font-size: 16px;
  }
  p {
    margin: 0;
  }
`;

export const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(280px, 380px) minmax(0, 1fr);
  gap: 20px;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
  > section {
    margin-bottom: 0;
  }
  margin-bottom: 20px;
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.textMuted};
`;

export const Empty = styled.p`
  padding: 16px;
  border: 1px dashed ${({ theme }) => theme.border};
  border-radius: 8px;
  color: ${({ theme }) => theme.textMuted};
`;

export const Notice = styled.div`
  display: grid;
  gap: 8px;
  padding: 12px 16px;
  border-left: 4px solid ${({ theme }) => theme.warning};
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
`;

export const ErrorText = styled.p`
  color: ${({ theme }) => theme.danger};
  font-weight: 600;
`;

export const Kbd = styled.kbd`
  padding: 1px 6px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 4px;
  background: ${({ theme }) => theme.surfaceRaised};
  font-family: inherit;
  font-size: 13px;
  white-space: nowrap;
`;

/** State text and paths: long, so they wrap anywhere rather than widen the page. */
export const Code = styled.code`
  overflow-wrap: anywhere;
`;

const Pre = styled.pre`
  margin: 8px 0 0;
  padding: 10px 12px;
  max-height: 360px;
  overflow: auto;
  border-radius: 8px;
  background: ${({ theme }) => theme.background};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Disclosure = styled.details`
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.primary};
    font-weight: 600;
    width: fit-content;
  }
`;

/** A JSON value behind a disclosure (a payload, a context), closed until the QA opens it. */
export function JsonDetails({ summary, value, open = false }: { summary: string; value: unknown; open?: boolean }) {
  return (
    <Disclosure open={open}>
      <summary>{summary}</summary>
      {/* tabIndex: a long payload scrolls, and a keyboard user must be able to scroll it. */}
      <Pre tabIndex={0}>{prettyJson(value)}</Pre>
    </Disclosure>
  );
}

const Badge = styled.span<{ $tone: 'success' | 'danger' | 'muted' }>`
  display: inline-block;
  padding: 0 8px;
  border: 1px solid currentColor;
  border-radius: 999px;
  font-size: 12px;
  font-weight: 700;
  line-height: 20px;
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.success : $tone === 'danger' ? theme.danger : theme.textMuted)};
`;

/** An actor's status: active, done, stopped or error. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge $tone={status === 'active' ? 'success' : status === 'error' ? 'danger' : 'muted'}>{status}</Badge>;
}

const Changes = styled.ul`
  display: grid;
  gap: 2px;
  margin: 4px 0 0;
  padding-left: 20px;
  li {
    overflow-wrap: anywhere;
  }
`;

const Kind = styled.span<{ $kind: JsonChange['kind'] }>`
  font-weight: 700;
  color: ${({ theme, $kind }) => ($kind === 'added' ? theme.success : $kind === 'removed' ? theme.danger : theme.warning)};
`;

/** How many changes a diff lists before it says how many more there are. */
const SHOWN_CHANGES = 12;

/** A context diff: each changed path with its old and new value. */
export function ChangeList({ changes, label = 'Context changes' }: { changes: readonly JsonChange[]; label?: string }) {
  if (changes.length === 0)
    return (
      <p>
        <Muted>{label}: none</Muted>
      </p>
    );
  const shown = changes.slice(0, SHOWN_CHANGES);
  return (
    <div>
      <p>
        {label} ({changes.length}):
      </p>
      <Changes>
        {shown.map((change) => (
          <li key={`${change.kind}:${change.path}`}>
            <Code>{change.path}</Code> <Kind $kind={change.kind}>{change.kind}</Kind>{' '}
            {change.kind === 'added' && <Code>{preview(change.after)}</Code>}
            {change.kind === 'removed' && <Code>{preview(change.before)}</Code>}
            {change.kind === 'changed' && (
              <>
                <Code>{preview(change.before)}</Code> → <Code>{preview(change.after)}</Code>
              </>
            )}
          </li>
        ))}
        {changes.length > SHOWN_CHANGES && (
          <li>
            <Muted>and {changes.length - SHOWN_CHANGES} more</Muted>
          </li>
        )}
      </Changes>
    </div>
  );
}

/** Milliseconds as `+1.234 s`. */
export const offset = (ms: number): string => `+${(Math.max(0, ms) / 1000).toFixed(3)} s`;
