// The Node.js this project runs on, checked before anything is built or loaded: on an older
// Node the build may succeed and the server then dies in a native addon with nothing printed.

/** `>=22.12` (package.json `engines.node`) as [22, 12, 0]. */
export function minimumFrom(engines) {
  const match = /^\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(engines ?? '');
  if (!match)
    throw new Error(`engines.node must be ">=major.minor" (got ${JSON.stringify(engines)})`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function parse(version) {
  const [major = 0, minor = 0, patch = 0] = version.replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch];
}

function atLeast(have, want) {
  for (let i = 0; i < 3; i += 1) {
    if (have[i] !== want[i]) return have[i] > want[i];
  }
  return true;
}

/**
 * One line saying what is needed and how to get it when `version` (process.version) is older
 * than `engines` (package.json engines.node); undefined when it will do.
 */
export function nodeVersionProblem(version, engines) {
  const want = minimumFrom(engines);
  if (atLeast(parse(version), want)) return undefined;
  const shown = want[2] === 0 ? `${want[0]}.${want[1]}` : want.join('.');
  return (
    `Vidshare needs Node.js ${shown} or newer; this is Node.js ${version.replace(/^v/, '')}. ` +
    `Install Node.js 24 LTS (https://nodejs.org), or run \`scripts/node24.sh npm start\`, ` +
    `which fetches it from the npm registry.`
  );
}
