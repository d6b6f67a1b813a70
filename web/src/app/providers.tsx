import type { Video } from '@contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { createQueryClient } from '../lib/query-client';
import { retryableLazy } from '../lib/retryable-lazy';
import { VideoCardProvider } from '../features/videos';
import { useAuth } from '../features/auth';

// Only the signed-in get a menu on each card: its code loads with their first card, and
// visitors never download it. The file itself, not the playlists feature's index: a lazy
// import of the index would bring the whole feature.
const VideoCardActions = retryableLazy(
  async () => (await import('../features/playlists/components/card-menu')).VideoCardActions,
);

/** A card's menu, holding its place (the menu button's size) while its code arrives. */
function CardMenu({ video }: { video: Video }) {
  return (
    <Suspense fallback={<span className="block size-9" aria-hidden />}>
      <VideoCardActions video={video} />
    </Suspense>
  );
}

/** Every card's menu and, for the signed-in, its red progress bar. */
function VideoCards({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return (
    <VideoCardProvider menu={isAuthenticated ? CardMenu : null} signedIn={isAuthenticated}>
      {children}
    </VideoCardProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <VideoCards>{children}</VideoCards>
      </AuthProvider>
    </QueryClientProvider>
  );
}
