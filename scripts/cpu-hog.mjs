// A bounded CPU hog for stress runs: keeps one core busy with a tight loop, and stops by itself
// after --seconds (default 1800), or when its parent process goes away, whichever comes first.
// Usage: node scripts/cpu-hog.mjs [--seconds N]
const arg = process.argv.indexOf('--seconds');
const seconds = arg > 0 ? Number(process.argv[arg + 1]) : 1800;
if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 7200) {
  console.error(`cpu-hog: --seconds must be a number in (0, 7200], got ${process.argv[arg + 1]}`);
  process.exit(2);
}
const parent = process.ppid;
const end = Date.now() + seconds * 1000;
let sink = 0;
for (;;) {
  // About 50 ms of arithmetic between checks of the clock and of the parent.
  const sliceEnd = Date.now() + 50;
  while (Date.now() < sliceEnd) {
    for (let i = 0; i < 10_000; i++) sink = (sink * 1_103_515_245 + 12_345) % 2_147_483_648;
  }
  if (Date.now() >= end) break;
  try {
    process.kill(parent, 0);
  } catch {
    break; // the parent is gone
  }
}
process.exitCode = sink < 0 ? 1 : 0;
