import { ROUTES, WATCH_LATER_ID } from '@contract';
import {
  CircleHelp,
  Clock,
  Compass,
  Flame,
  Gamepad2,
  History,
  House,
  ListVideo,
  Music,
  Settings,
  SquarePlay,
  ThumbsUp,
  Trophy,
  TvMinimalPlay,
  type LucideIcon,
} from 'lucide-react';
import { topicSearchPath } from '../../../lib/search';

export type SidebarLink = {
  label: string;
  icon: LucideIcon;
  to: string;
  newTab?: boolean;
  /** Whether the link stands for the page being shown; absent for plain shortcuts. */
  isActive?: (pathname: string, query: URLSearchParams) => boolean;
};

export type SidebarSection = { title?: string; links: SidebarLink[] };

const at =
  (...paths: string[]) =>
  (pathname: string) =>
    paths.includes(pathname);

function topic(label: string, icon: LucideIcon): SidebarLink {
  const word = label.toLocaleLowerCase('en-US');
  return {
    label,
    icon,
    to: topicSearchPath(label),
    isActive: (pathname, query) => pathname === '/search' && query.get('q') === word,
  };
}

export function sidebarSections(signedIn: boolean): SidebarSection[] {
  const home: SidebarLink = {
    label: 'Home',
    icon: House,
    to: signedIn ? ROUTES.root : ROUTES.home,
    isActive: at(ROUTES.root, ROUTES.home),
  };
  const trending: SidebarLink = {
    label: 'Trending',
    icon: Flame,
    to: ROUTES.trending,
    isActive: at(ROUTES.trending),
  };
  const topics = [
    trending,
    topic('Music', Music),
    topic('Gaming', Gamepad2),
    topic('Sports', Trophy),
  ];
  const footer: SidebarSection = {
    links: [
      { label: 'Settings', icon: Settings, to: ROUTES.settings, isActive: at(ROUTES.settings) },
      { label: 'Help', icon: CircleHelp, to: ROUTES.comingSoon },
    ],
  };

  if (!signedIn) {
    return [
      { links: [home, topic('Explore', Compass)] },
      { title: 'Topics', links: topics },
      footer,
    ];
  }
  return [
    {
      links: [
        home,
        topic('Explore', Compass),
        {
          label: 'Subscriptions',
          icon: TvMinimalPlay,
          to: ROUTES.subscriptionsFeed,
          isActive: at(ROUTES.subscriptionsFeed),
        },
        {
          label: 'All Subscriptions',
          icon: ListVideo,
          to: ROUTES.channels,
          isActive: at(ROUTES.channels),
        },
      ],
    },
    {
      title: 'You',
      links: [
        { label: 'History', icon: History, to: ROUTES.history, isActive: at(ROUTES.history) },
        { label: 'Your Videos', icon: SquarePlay, to: ROUTES.studioContent, newTab: true },
        {
          label: 'Watch later',
          icon: Clock,
          to: ROUTES.playlist(WATCH_LATER_ID),
          isActive: (pathname, query) =>
            pathname === '/playlist' && query.get('list') === WATCH_LATER_ID,
        },
        {
          label: 'Liked Videos',
          icon: ThumbsUp,
          to: ROUTES.likedVideos,
          isActive: at(ROUTES.likedVideos),
        },
      ],
    },
    { title: 'Topics', links: topics },
    footer,
  ];
}
