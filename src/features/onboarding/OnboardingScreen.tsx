import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

/** The Onboarding screen; its content arrives with its own issue. */
export default function OnboardingScreen() {
  return <ScreenPlaceholder title="Onboarding" />;
}
