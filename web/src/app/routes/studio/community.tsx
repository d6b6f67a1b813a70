import { useDocumentTitle } from '../../../hooks/use-document-title';
import { PageHeading } from '../../../components/ui/page-heading';
import { BlockedUsers } from '../../../features/studio/components/blocked-users';
import { HeldComments } from '../../../features/studio/components/held-comments';

/**
 * Moderating your own channel: comments held for your approval, and the users you keep from
 * commenting. (Community posts do not exist on the site yet.)
 */
export function StudioCommunityPage() {
  useDocumentTitle('Community', 'Vidshare Studio');
  return (
    <>
      <PageHeading>Community</PageHeading>
      <section aria-labelledby="held-heading" className="mt-6">
        <h2 id="held-heading" className="text-lg font-semibold text-ink-strong">
          Held for your approval
        </h2>
        <div className="mt-3">
          <HeldComments />
        </div>
      </section>
      <section aria-labelledby="blocked-heading" className="mt-10">
        <h2 id="blocked-heading" className="text-lg font-semibold text-ink-strong">
          Blocked users
        </h2>
        <div className="mt-3">
          <BlockedUsers />
        </div>
      </section>
    </>
  );
}
