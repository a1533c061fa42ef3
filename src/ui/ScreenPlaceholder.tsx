import styled from 'styled-components';

const Section = styled.section`
  padding: 24px;
  h1 { margin-top: 0; }
  p { color: ${({ theme }) => theme.textMuted}; }
`;

/** A screen whose content is still being built: its title and a plain note, never a blank page. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <Section aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      <p>This area is on its way: its figures and tables arrive in a coming release.</p>
    </Section>
  );
}
