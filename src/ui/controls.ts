import styled from 'styled-components';

/** Shared look of the small controls (selects, number and search inputs): 44 px touch targets. */
export const controlStyle = `
  min-height: 44px;
  padding: 0 10px;
  border-radius: 8px;
`;

export const Select = styled.select`
  ${controlStyle}
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
`;

export const Input = styled.input`
  ${controlStyle}
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
  &::placeholder {
    color: ${({ theme }) => theme.textMuted};
  }
`;

export const Label = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin: 12px 0;
`;

/** One-of-several filter buttons (the pressed one is the filter in force): wrap GhostButtons with aria-pressed. */
export const FilterButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.primary};
    color: ${({ theme }) => theme.primaryText};
    border-color: ${({ theme }) => theme.primary};
  }
`;
