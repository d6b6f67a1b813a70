import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { createQueryClient } from '../lib/query-client';
import { VideoCardActions } from '../features/playlists';
import { VideoCardMenuProvider } from '../features/videos';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <VideoCardMenuProvider menu={VideoCardActions}>{children}</VideoCardMenuProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
