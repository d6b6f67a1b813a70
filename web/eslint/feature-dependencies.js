/**
 * Which features each feature of web/src/features may import, always through the imported
 * feature's index.ts (its public surface). A feature missing here may import no other feature.
 * The map must stay acyclic (checked by boundaries.test.ts): a feature that needs something of
 * a feature listed after it moves that piece down to a lower feature or to lib/ or components/.
 */
export const FEATURE_DEPENDENCIES = {
  auth: [],
  account: ['auth'],
  emoji: [],
  moderation: [],
  player: [],
  videos: ['player'],
  likes: ['videos'],
  subscriptions: ['videos'],
  playlists: ['auth', 'liked', 'videos'],
  upload: ['account', 'playlists', 'videos'],
  comments: ['account', 'auth', 'emoji', 'likes', 'moderation'],
  liked: ['auth', 'videos'],
  history: ['account', 'videos'],
  notifications: ['account'],
  channel: ['auth', 'moderation', 'playlists', 'subscriptions', 'videos'],
  home: ['videos'],
  search: ['videos'],
  studio: ['moderation', 'playlists', 'upload', 'videos'],
  admin: ['auth'],
  embed: ['player', 'videos'],
  watch: [
    'auth',
    'comments',
    'history',
    'liked',
    'likes',
    'moderation',
    'player',
    'playlists',
    'subscriptions',
    'videos',
  ],
};

const MESSAGE =
  'A feature imports another feature only through its index.ts, and only one listed for it in web/eslint/feature-dependencies.js; shared code (lib, components, hooks) never imports a feature or the app.';

/** Flat-config blocks for web/src: the layers (app → features → shared) and no import cycles. */
export function webBoundaries({ boundaries, importPlugin }) {
  const featurePolicies = Object.entries(FEATURE_DEPENDENCIES)
    .filter(([, deps]) => deps.length > 0)
    .map(([feature, deps]) => ({
      from: { element: { type: 'feature', captured: { feature } } },
      allow: {
        to: {
          element: { type: 'feature', captured: { feature: deps }, fileInternalPath: 'index.ts' },
        },
      },
    }));
  return [
    {
      files: ['web/src/**/*.{ts,tsx}'],
      plugins: { boundaries, import: importPlugin },
      settings: {
        'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
        // eslint-plugin-import parses the imported files itself to follow cycles.
        'import/extensions': ['.ts', '.tsx', '.js'],
        'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'boundaries/elements': [
          { type: 'app', pattern: 'web/src/app' },
          { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
          {
            type: 'shared',
            pattern: 'web/src/{components,lib,hooks,types}',
          },
        ],
      },
      rules: {
        'boundaries/dependencies': [
          'error',
          {
            default: 'disallow',
            message: MESSAGE,
            policies: [
              { from: { element: { type: 'app' } }, allow: { to: { element: { type: '*' } } } },
              {
                from: { element: { type: 'feature' } },
                allow: { to: { element: { type: 'shared' } } },
              },
              {
                from: { element: { type: 'shared' } },
                allow: { to: { element: { type: 'shared' } } },
              },
              ...featurePolicies,
            ],
          },
        ],
        'boundaries/no-unknown-files': 'error',
        'import/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    // The entry point only mounts the app.
    { files: ['web/src/main.tsx'], rules: { 'boundaries/no-unknown-files': 'off' } },
  ];
}
