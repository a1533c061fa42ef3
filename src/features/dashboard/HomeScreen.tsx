import styled from 'styled-components';
import { useSessionState } from '../../app/session-context';

const Section = styled.section`
  padding: 24px;
  h1 { margin-top: 0; }
`;

/** The home route. The dashboard's blocks arrive with the home-dashboard issue; this greets the user. */
export function HomeScreen() {
  const name = useSessionState((s) => s.context.user?.name);
  return (
    <Section aria-labelledby="home-title">
      <h1 id="home-title">Dashboard</h1>
      <p>Welcome{name ? `, ${name}` : ''}.</p>
    </Section>
  );
}
