// Makes sure the end-to-end tests have a Chromium to drive. They use the system's Chromium
// (CHROMIUM_PATH, else /usr/bin/chromium); where there is none this installs one the ordinary way
// for the machine, says so, and fails loudly if it cannot. It never lets the tests skip.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter(Boolean);
const found = () => candidates.find((path) => existsSync(path));

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  );
}

if (!found()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  console.log('No Chromium found for the end-to-end tests: installing one.');
  if (hasApt && isRoot) {
    if (!run('apt-get', ['install', '-y', 'chromium'])) {
      run('apt-get', ['update']);
      run('apt-get', ['install', '-y', 'chromium']);
    }
  } else if (!hasApt) {
    // Not Debian: Playwright's own installer is the ordinary way there.
    if (run('npx', ['playwright', 'install', 'chromium'])) {
      const path = execFileSync(
        'node',
        ['-e', "console.log(require('playwright-core').chromium.executablePath())"],
        {
          encoding: 'utf8',
        },
      ).trim();
      if (existsSync(path)) {
        console.log(
          `Installed Playwright's Chromium at ${path}; set CHROMIUM_PATH=${path} to use it.`,
        );
        process.env.CHROMIUM_PATH = path;
        candidates.unshift(path);
      }
    }
  }
}

const chromium = found();
if (!chromium) {
  console.error(
    'The end-to-end tests need Chromium and none could be installed.\n' +
      'Install it and run again: on Debian or Ubuntu `sudo apt-get install -y chromium`;\n' +
      'elsewhere `npx playwright install chromium` and set CHROMIUM_PATH to the executable.',
  );
  process.exit(1);
}
console.log(`End-to-end tests use Chromium at ${chromium}`);
