import { ROUTES } from '@contract';
import {
  ChartColumn,
  Copyright,
  DollarSign,
  LayoutDashboard,
  MessageSquareText,
  SquarePlay,
  Subtitles,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';

export type StudioNavItem = { label: string; icon: LucideIcon; to: string };

/** The last four have no page yet and land on the studio's not-found page. */
export const STUDIO_NAV: readonly StudioNavItem[] = [
  { label: 'Dashboard', icon: LayoutDashboard, to: ROUTES.studioDashboard },
  { label: 'Content', icon: SquarePlay, to: ROUTES.studioContent },
  { label: 'Analytics', icon: ChartColumn, to: ROUTES.studioAnalytics },
  { label: 'Community', icon: MessageSquareText, to: ROUTES.studioCommunity },
  { label: 'Subtitles', icon: Subtitles, to: `${ROUTES.studio}/subtitles` },
  { label: 'Copyright', icon: Copyright, to: `${ROUTES.studio}/copyright` },
  { label: 'Earn', icon: DollarSign, to: `${ROUTES.studio}/earn` },
  { label: 'Customisation', icon: WandSparkles, to: `${ROUTES.studio}/customisation` },
];
