/**
 * The machine line of a bench report: cores and load average, read when `when` says ("at
 * start", "at the end"), so a reader can tell a quiet run from a busy one.
 */
const os = require('os');

function machineLine(when) {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `${os.cpus().length} cores, load average ${load} ${when}`;
}

module.exports = { machineLine };
