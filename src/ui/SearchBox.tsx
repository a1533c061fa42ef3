import { useId } from 'react';
import styled from 'styled-components';
import { Input } from './controls';
import { SEARCH_MIN_LENGTH } from '../domain/thresholds';
import { useDebouncedSearch } from './search';

const Box = styled.div`
  display: grid;
  gap: 4px;
  label {
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.textMuted};
    min-height: 1.2em;
  }
  div {
    display: flex;
    gap: 4px;
  }
  /* Wide enough for its placeholder (--placeholder-ch, its length); on a phone, as wide as the screen allows. */
  input {
    width: max(260px, calc(var(--placeholder-ch, 0) * 1ch + 28px));
  }
  @media (max-width: 640px) {
    min-width: 0;
    input {
      flex: 1 1 auto;
      width: auto;
      min-width: 0;
    }
  }
  button {
    min-width: 44px;
    border: 1px solid ${({ theme }) => theme.border};
    border-radius: 8px;
    background: transparent;
    color: ${({ theme }) => theme.text};
    cursor: pointer;
  }
`;

interface SearchBoxProps {
  label: string;
  placeholder?: string;
  /** The committed search (from the URL); typing commits through `onSearch` after the debounce. */
  value: string;
  onSearch: (text: string) => void;
  min?: number;
}

/** A debounced search field: no search below the minimum length, a clear button, and a hint while too short. */
export function SearchBox({ label, placeholder, value, onSearch, min = SEARCH_MIN_LENGTH }: SearchBoxProps) {
  const id = useId();
  const { text, setText, tooShort } = useDebouncedSearch(value, onSearch, { min });
  return (
    <Box>
      <label htmlFor={id}>{label}</label>
      <div>
        {/* A text field in the search role: one clear button (ours, which also clears the committed search), not the browser's (x) as well. */}
        <Input
          id={id}
          type="text"
          role="searchbox"
          inputMode="search"
          enterKeyHint="search"
          value={text}
          placeholder={placeholder}
          style={{ '--placeholder-ch': placeholder?.length ?? 0 }}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
        {text !== '' && (
          <button
            type="button"
            aria-label={`Clear ${label}`}
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            ×
          </button>
        )}
      </div>
      <small id={`${id}-hint`}>{tooShort ? `Type at least ${min} characters to search` : ''}</small>
    </Box>
  );
}
