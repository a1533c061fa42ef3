import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

/** The Retailer Details screen; its content arrives with its own issue. */
export default function RetailerScreen() {
  return <ScreenPlaceholder title="Retailer Details" />;
}
