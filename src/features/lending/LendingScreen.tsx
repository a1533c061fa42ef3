import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

/** The Customer Details screen; its content arrives with its own issue. */
export default function LendingScreen() {
  return <ScreenPlaceholder title="Customer Details" />;
}
