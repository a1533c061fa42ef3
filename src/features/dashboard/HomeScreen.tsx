import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

/** The home route. The dashboard's blocks arrive with the home-dashboard issue. */
export default function HomeScreen() {
  return <ScreenPlaceholder title="Dashboard" />;
}
