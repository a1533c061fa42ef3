import styled, { css } from 'styled-components';
import { PHONE_MAX_WIDTH } from './useNarrowScreen';

/** The amount field of a document (part payment), in the table and on a phone card. */
export const amountInput = css`
  min-height: 40px;
  padding: 0 8px;
  border-radius: 6px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
`;

/** A panel of the pay page: the customer's header, a failure, the success message. */
export const Box = styled.section`
  padding: 16px;
  margin-bottom: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h1 {
    margin: 0 0 8px;
    font-size: 20px;
  }
  dl {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    gap: 8px 16px;
    margin: 0;
  }
  dl[hidden] {
    display: none;
  }
  dl + dl,
  dl + button,
  button + dl {
    margin-top: 8px;
  }
  /* On a phone two figures share a row (the credit balance beside the overdue). */
  @media (max-width: ${PHONE_MAX_WIDTH}px) {
    dl {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
    font-size: 13px;
  }
  dd {
    margin: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

export const Tabs = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 8px;
  button[aria-selected='true'] {
    background: ${({ theme }) => theme.primary};
    color: ${({ theme }) => theme.primaryText};
  }
`;

/** A row under the list: the selection count, the payment mode and the actions. */
export const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-top: 12px;
  fieldset {
    display: flex;
    gap: 12px;
    border: 0;
    margin: 0;
    padding: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 44px;
  }
  /* A label over its select (the supplier bank account): the select is at most as wide as the page. */
  label.field {
    display: grid;
    gap: 4px;
    min-width: 0;
    max-width: 100%;
  }
  label.field select {
    width: 100%;
    min-width: 0;
  }
`;
