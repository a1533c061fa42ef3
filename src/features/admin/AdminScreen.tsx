import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export default function AdminScreen() {
  return <ScreenPlaceholder title="Admin" />;
}
