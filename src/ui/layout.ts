import styled from 'styled-components';

/** One block of the home page. */
export const SectionBox = styled.section`
  margin-bottom: 32px;
  h2 {
    margin: 0;
    font-size: 20px;
  }
`;

export const SectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
`;

/** A titled panel inside a section. */
export const Panel = styled.div`
  display: grid;
  gap: 10px;
  align-content: start;
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h3 {
    margin: 0;
    font-size: 16px;
    color: ${({ theme }) => theme.textMuted};
  }
  dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 6px 12px;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    text-align: end;
  }
`;
