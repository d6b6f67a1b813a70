import { ContentView } from '../../../features/studio/components/content-view';

export function StudioContentPage() {
  return <ContentView />;
}
