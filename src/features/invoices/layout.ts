import styled from 'styled-components';
import { Panel } from '../../ui/layout';

/** A card of the Invoices page: the home dashboard's panel, titled with the page's second-level heading. */
export const PageCard = styled(Panel)`
  h2 {
    margin: 0;
    font-size: 18px;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  .muted {
    color: ${({ theme }) => theme.textMuted};
    font-size: 14px;
    margin: 0;
  }
`;

/** A load failure inside a card or section (the toast has already said it), with Retry. */
export const LoadError = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.danger};
  }
  details {
    flex-basis: 100%;
  }
`;
