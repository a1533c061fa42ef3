import styled from 'styled-components';
import { DecodeError, errorToastText } from '../api/errors';
import { GhostButton } from './form';

/** How many of a decode failure's problems the 'Details' disclosure shows (the console has them all). */
const DETAIL_LINES = 12;

const Technical = styled.details`
  font-size: 12px;
  text-align: start;
  summary {
    cursor: pointer;
  }
  pre {
    margin: 6px 0 0;
    max-height: 160px;
    max-width: min(640px, 80vw);
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

/**
 * A failure as the user reads it: 'CODE: detail' in one line. For an answer the screen cannot read (a
 * DecodeError) that is one sentence, and its technical part (the call and each problem) sits behind a
 * 'Details' disclosure.
 */
export function ErrorMessage({ error }: { error: unknown }) {
  return (
    <>
      <p>{errorToastText(error)}</p>
      {error instanceof DecodeError && (
        <Technical>
          <summary>Details</summary>
          <pre>{error.details(DETAIL_LINES)}</pre>
        </Technical>
      )}
    </>
  );
}

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  > p {
    margin: 0;
    color: ${({ theme }) => theme.danger};
  }
  > details {
    flex-basis: 100%;
  }
`;

/**
 * A block that could not load: the message (and Details), and Retry, which says so while the retry runs.
 * The toast has already said it once; this stays until the block loads.
 */
export function LoadFailed({
  error,
  onRetry,
  retrying = false,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <Box role="alert" className={className}>
      <ErrorMessage error={error} />
      <GhostButton type="button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </GhostButton>
    </Box>
  );
}
