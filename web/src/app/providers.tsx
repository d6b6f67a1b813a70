import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { createQueryClient } from '../lib/query-client';
import { VideoCardActions } from '../features/playlists';
import { VideoCardProvider } from '../features/videos';
import { useAuth } from '../features/auth';

/** Every card's menu and, for the signed-in, its red progress bar. */
function VideoCards({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return (
    <VideoCardProvider menu={VideoCardActions} signedIn={isAuthenticated}>
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
