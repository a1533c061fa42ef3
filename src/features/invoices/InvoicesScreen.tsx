import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

/** The Invoices screen; its content arrives with its own issue. */
export default function InvoicesScreen() {
  return <ScreenPlaceholder title="Invoices" />;
}
