/**
 * Restart, stop, start, freeze and thaw the throwaway PostgreSQL of tools/postgres.js, for
 * fault tests and the chaos script (loopback only). Reads ORBIT_PG_DATA, ORBIT_PG_BIN,
 * ORBIT_PG_RUN_AS and ORBIT_PG_OPTIONS, which tools/postgres.js sets for its command.
 * Freezing sends SIGSTOP to the postmaster and every backend (a frozen server: connections
 * are accepted by the kernel and never answered); thaw sends SIGCONT.
 */
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

function pgControl(env = process.env) {
  const data = env.ORBIT_PG_DATA;
  const bin = env.ORBIT_PG_BIN;
  if (!data || !bin) throw new Error('ORBIT_PG_DATA/ORBIT_PG_BIN are not set: run under `node tools/postgres.js -- …`.');
  const runAs = env.ORBIT_PG_RUN_AS || '';
  const pgCtl = (args) => {
    const full = path.join(bin, 'pg_ctl');
    const result = runAs
      ? spawnSync('runuser', ['-u', runAs, '--', full, ...args], { encoding: 'utf8', timeout: 60_000 })
      : spawnSync(full, args, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`pg_ctl ${args[0]} failed: ${result.stderr || result.stdout || result.error}`);
  };
  const log = path.join(path.dirname(data), 'server.log');
  /** The postmaster and its children (backends, checkpointer, …). */
  const processes = () => {
    const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = [];
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === postmaster) children.push(Number(entry));
      } catch {
        // The process ended while being read.
      }
    }
    return [postmaster, ...children];
  };
  const signalAll = (signal) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, signal);
      } catch {
        // Ended meanwhile.
      }
    }
  };
  return {
    /** pg_ctl restart -m fast: every connection is ended ("terminating connection due to administrator command"). */
    // -l: the new server's output goes to the log, not to this process's pipes (which would keep pg_ctl waiting).
    restart: () => pgCtl(['restart', '-D', data, '-m', 'fast', '-w', '-l', log]),
    stop: () => pgCtl(['stop', '-D', data, '-m', 'fast', '-w']),
    start: () => pgCtl(['start', '-D', data, '-w', '-l', log, '-o', env.ORBIT_PG_OPTIONS || '']),
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
  };
}

module.exports = { pgControl };
