// Users, their former usernames and their data export.
import { DAY, NOW, OWNER, VIEWER } from '../repository-fixtures.js';
import { ExportRepository } from '../../src/repositories/export.repository.js';
import { UserRepository } from '../../src/repositories/user.repository.js';
import { UsernameRedirectRepository } from '../../src/repositories/username-redirect.repository.js';
import { define } from './define.js';

export const USER_QUERIES = define({
  file: 'user.repository',
  make: (db) => new UserRepository(db),
  calls: {
    insert: (r) =>
      r.insert({
        id: 'u-new',
        username: 'newcomer',
        email: 'newcomer@example.com',
        full_name: 'New Comer',
        password_hash: 'hash',
        avatar_key: 'images/new.png',
        cover_key: null,
        created_at: NOW,
      }),
    findById: (r) => r.findById(OWNER),
    findByLogin: async (r) => {
      await r.findByLogin(OWNER);
      await r.findByLogin(`${OWNER}@example.com`);
    },
    passwordHashOf: (r) => r.passwordHashOf(OWNER),
    findCredentials: async (r) => {
      await r.findCredentials(OWNER);
      await r.findCredentials(`${OWNER}@example.com`);
    },
    findTaken: (r) => r.findTaken(OWNER, `${VIEWER}@example.com`),
    findByUsername: (r) => r.findByUsername(OWNER),
    findByUsernameWithCounts: (r) => r.findByUsernameWithCounts(OWNER),
    videoCountsByChoice: (r) => r.videoCountsByChoice(OWNER),
    countSubscribers: (r) => r.countSubscribers(OWNER),
    securityOf: (r) => r.securityOf(OWNER),
    setPasswordHash: (r) => r.setPasswordHash(OWNER, 'new-hash'),
    markEmailVerified: (r) => r.markEmailVerified(OWNER, `${OWNER}@example.com`),
    changeEmail: (r) => r.changeEmail(OWNER, 'moved@example.com', 1),
    usernameInUse: (r) => r.usernameInUse('taken-name', OWNER),
    updateProfile: (r) =>
      r.updateProfile(OWNER, {
        full_name: 'New Name',
        bio: 'About me',
        avatar_key: 'images/a.webp',
      }),
    isSubscribed: (r) => r.isSubscribed(VIEWER, OWNER),
  },
});

export const USERNAME_REDIRECT_QUERIES = define({
  file: 'username-redirect.repository',
  make: (db) => new UsernameRedirectRepository(db),
  calls: {
    put: async (r) => {
      await r.put('old-name', OWNER, NOW + 30 * DAY);
      await r.put('old-name', OWNER, NOW + 31 * DAY);
    },
    currentName: (r) => r.currentName('old-name', NOW),
    ownerOf: (r) => r.ownerOf('old-name'),
    delete: (r) => r.delete('old-name'),
    deleteExpired: (r) => r.deleteExpired(NOW),
  },
});

export const EXPORT_QUERIES = define({
  file: 'export.repository',
  make: (db) => new ExportRepository(db),
  calls: {
    videosOf: (r) => r.videosOf(OWNER),
    commentsOf: (r) => r.commentsOf(VIEWER),
    likesOf: (r) => r.likesOf(VIEWER),
    subscriptionsOf: (r) => r.subscriptionsOf(VIEWER),
    historyOf: (r) => r.historyOf(VIEWER),
    playlistsOf: (r) => r.playlistsOf(OWNER),
    playlistItemsOf: (r) => r.playlistItemsOf(OWNER),
  },
});
