import styled from 'styled-components';

/** One section of the admin page: a heading row with its action, then its content. */
export const Section = styled.section`
  margin-top: 32px;
  h2 {
    margin: 0;
    font-size: 20px;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    margin-bottom: 8px;
  }
`;

/** A clearly labelled placeholder: what the spec shows there is not connected to the provider. */
export const PreviewNote = styled.p`
  margin: 8px 0;
  padding: 10px 12px;
  border-radius: 8px;
  border: 1px dashed ${({ theme }) => theme.border};
  color: ${({ theme }) => theme.textMuted};
`;
