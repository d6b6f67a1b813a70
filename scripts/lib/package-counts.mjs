// How many packages `npm ci` installs from the lock on one platform, with and without
// devDependencies: the README quotes both for production installs.

/** Whether a lock entry's os, cpu and libc fields admit the platform. */
function fits(entry, platform) {
  return ['os', 'cpu', 'libc'].every(
    (field) => !entry[field] || entry[field].includes(platform[field]),
  );
}

export function installedCounts(lock, platform) {
  let all = 0;
  let production = 0;
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '' || !fits(entry, platform)) continue;
    all += 1;
    if (!entry.dev) production += 1;
  }
  return { all, production };
}
