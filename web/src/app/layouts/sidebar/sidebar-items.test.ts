import { describe, expect, it } from 'vitest';
import { sidebarSections } from './sidebar-items';

const flatten = (signedIn: boolean) =>
  sidebarSections(signedIn).flatMap((section) => section.links);

describe('sidebarSections', () => {
  it('lists the signed-in entries in order', () => {
    expect(flatten(true).map((link) => link.label)).toEqual([
      'Home',
      'Explore',
      'Subscriptions',
      'All Subscriptions',
      'History',
      'Your Videos',
      'Watch later',
      'Liked Videos',
      'Trending',
      'Music',
      'Gaming',
      'Sports',
      'Settings',
      'Help',
    ]);
  });

  it('lists the reduced visitor entries in order', () => {
    expect(flatten(false).map((link) => link.label)).toEqual([
      'Home',
      'Explore',
      'Trending',
      'Music',
      'Gaming',
      'Sports',
      'Settings',
      'Help',
    ]);
  });

  it('points every entry at its route', () => {
    const signedIn = Object.fromEntries(flatten(true).map((link) => [link.label, link]));
    expect(signedIn.Home?.to).toBe('/');
    expect(signedIn.Explore?.to).toBe('/search?q=explore');
    expect(signedIn.Subscriptions?.to).toBe('/userSubscriptions');
    expect(signedIn['All Subscriptions']?.to).toBe('/channels');
    expect(signedIn.History?.to).toBe('/feed/history');
    expect(signedIn['Your Videos']).toMatchObject({ to: '/stdio/channel/content', newTab: true });
    expect(signedIn['Watch later']?.to).toBe('/playlist?list=watch-later');
    expect(signedIn['Liked Videos']?.to).toBe('/likedvideos');
    expect(signedIn.Sports?.to).toBe('/search?q=sports');
    expect(signedIn.Trending?.to).toBe('/feed/trending');
    expect(flatten(false).find((link) => link.label === 'Trending')?.to).toBe('/feed/trending');
    expect(signedIn.Settings?.to).toBe('/settings');
    expect(signedIn.Help?.to).toBe('/commingsoon');
    expect(flatten(false)[0]?.to).toBe('/home');
  });

  it('marks topic links active only for their own search', () => {
    const music = flatten(false).find((link) => link.label === 'Music');
    expect(music?.isActive?.('/search', new URLSearchParams('q=music'))).toBe(true);
    expect(music?.isActive?.('/search', new URLSearchParams('q=gaming'))).toBe(false);
    expect(music?.isActive?.('/home', new URLSearchParams('q=music'))).toBe(false);
  });
});
