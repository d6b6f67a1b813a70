import { useDocumentTitle } from '../../hooks/use-document-title';
import { isNotFound } from '../../lib/api-client';
import { useChannelQuery } from '../../features/channel/api/get-channel';
import { ROUTES } from '@contract';
import { Navigate, useParams } from 'react-router';
import { ChannelView } from '../../features/channel/components/channel-view';

export function ChannelPage() {
  const { username = '' } = useParams();
  const query = useChannelQuery(username);
  // A channel gone while its page is open (its owner suspended) keeps only the name in the URL.
  const channel = isNotFound(query.error) ? undefined : query.data;
  useDocumentTitle(channel ? channel.fullName || channel.username : username);
  // An old name (changed within 30 days) answered with the channel under its new one.
  if (channel && channel.username !== username.toLowerCase()) {
    return <Navigate to={ROUTES.channel(channel.username)} replace />;
  }

  return (
    <div className="mx-auto max-w-[1500px] px-4 py-6 sm:px-6">
      {/* A fresh view per channel, so dialogs and copy state never carry over. */}
      <ChannelView key={username} username={username} />
    </div>
  );
}
