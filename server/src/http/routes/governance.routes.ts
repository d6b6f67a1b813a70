import type { FastifyPluginAsync } from 'fastify';
import type { AccountDeletionService } from '../../services/account-deletion.service.js';
import type { ChannelBlocks } from '../../services/channel-blocks.js';
import type { CommentService } from '../../services/comment.service.js';
import type { Governance } from '../../services/governance.js';
import type { ReportService } from '../../services/report.service.js';
import { adminContentRoutes } from './admin-content.routes.js';
import { adminUsersRoutes } from './admin-users.routes.js';
import { creatorModerationRoutes } from './creator-moderation.routes.js';
import { reportsRoutes } from './reports.routes.js';

export interface GovernanceRoutesDeps {
  governance: Governance;
  reports: ReportService;
  comments: CommentService;
  blocks: ChannelBlocks;
  deletion: AccountDeletionService;
}

/** Every route of the governance domain: reports, creator moderation and the /admin API. */
export const governanceRoutes: FastifyPluginAsync<GovernanceRoutesDeps> = async (app, deps) => {
  const { governance } = deps;
  await app.register(reportsRoutes, { reports: deps.reports });
  await app.register(creatorModerationRoutes, { blocks: deps.blocks, comments: deps.comments });
  await app.register(adminUsersRoutes, {
    accounts: governance.accounts,
    credentials: governance.credentials,
    deletion: deps.deletion,
  });
  await app.register(adminContentRoutes, {
    accounts: governance.accounts,
    videos: governance.videos,
    reports: deps.reports,
    comments: deps.comments,
    settings: governance.settings,
    audit: governance.audit,
  });
};
