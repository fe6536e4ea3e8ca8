/**
 * Restart, stop, start, freeze and thaw the throwaway PostgreSQL of tools/postgres.js, for
 * fault tests and the chaos script (loopback only). Reads ORBIT_PG_DATA, ORBIT_PG_BIN,
 * ORBIT_PG_RUN_AS and ORBIT_PG_OPTIONS, which tools/postgres.js sets for its command.
 * Freezing sends SIGSTOP to the postmaster and every backend (a frozen server: connections
 * are accepted by the kernel and never answered); thaw sends SIGCONT.
 */
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

function pgControl(env = process.env) {
  const data = env.ORBIT_PG_DATA;
  const bin = env.ORBIT_PG_BIN;
  if (!data || !bin) throw new Error('ORBIT_PG_DATA/ORBIT_PG_BIN are not set: run under `node tools/postgres.js -- …`.');
  const runAs = env.ORBIT_PG_RUN_AS || '';
  /** Runs pg_ctl without blocking this process (servers in it keep answering meanwhile); at most 60 s. */
  const pgCtl = (args) =>
    new Promise((resolve, reject) => {
      const full = path.join(bin, 'pg_ctl');
      const child = runAs
        ? spawn('runuser', ['-u', runAs, '--', full, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn(full, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`pg_ctl ${args[0]} failed (${code}): ${output}`));
      });
    });
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
    freeze: async () => signalAll('SIGSTOP'),
    thaw: async () => signalAll('SIGCONT'),
  };
}

module.exports = { pgControl };
