import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

/** The Credit Limit Eligibility screen; its content arrives with its own issue. */
export default function PipelineScreen() {
  return <ScreenPlaceholder title="Credit Limit Eligibility" />;
}
